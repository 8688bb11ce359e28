import type { Language } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { i18nFor } from "../../shared/i18n/i18n";

type Loaders = Record<Language, () => Promise<{ default: object }>>;

/**
 * A hook that tells whether a group of views' texts (one JSON chunk per language, loaded with the
 * first view of the group) are in for the current language. `probe` is a key the chunk defines.
 */
export function viewMessagesHook(loaders: Loaders, probe: string): () => boolean {
  const added = new Map<Language, Promise<void>>();
  const add = (language: Language): Promise<void> => {
    let adding = added.get(language);
    if (!adding) {
      adding = loaders[language]().then(({ default: messages }) => {
        i18nFor(language).addResourceBundle(language, "translation", messages, true, false);
      });
      added.set(language, adding);
    }
    return adding;
  };

  return function useViewMessages(): boolean {
    const { i18n } = useTranslation();
    const language = i18n.language as Language;
    const [ready, setReady] = useState(() => i18n.exists(probe));
    useEffect(() => {
      let live = true;
      if (i18n.exists(probe)) setReady(true);
      else {
        setReady(false);
        void add(language).then(() => live && setReady(true));
      }
      return () => {
        live = false;
      };
    }, [i18n, language]);
    return ready;
  };
}
