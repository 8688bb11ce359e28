import type { Language } from "@rampart/contracts";
import { Skeleton } from "antd";
import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { i18nFor } from "../../../shared/i18n/i18n";
import type { ViewProps } from "../../routing/view-props";

/** The views' own texts: one JSON chunk per group and language, loaded with the first view of the group. */
const CHUNKS = import.meta.glob<{ default: object }>(
  "../../../locales/{balance,business,certificates,dashboard,domains,help,monitor,purge,security,support,system,uptime,usage}/*.json",
);

/** Each group of texts, and a key it defines (to tell whether it is in). */
const PROBES = {
  balance: "balance.kinds.topup",
  business: "orders.columns.orderNo",
  certificates: "certificates.columns.names",
  dashboard: "dashboard.reportTitle",
  domains: "domains.columns.cname",
  help: "help.columns.helpful",
  monitor: "monitor.online.columns.userName",
  purge: "purge.columns.targets",
  /** The sign-in security texts (second factor, sessions). */
  security: "security.twoFactor.title",
  support: "support.columns.ticket",
  system: "users.columns.userName",
  uptime: "uptime.columns.monitor",
  usage: "usage.charts.bandwidth",
} as const;
export type ViewMessageGroup = keyof typeof PROBES;

const added = new Map<string, Promise<void>>();
function add(group: ViewMessageGroup, language: Language): Promise<void> {
  const key = `${group}/${language}`;
  let adding = added.get(key);
  if (!adding) {
    const load = CHUNKS[`../../../locales/${key}.json`];
    adding = load
      ? load().then(({ default: messages }) => {
          i18nFor(language).addResourceBundle(language, "translation", messages, true, false);
        })
      : Promise.resolve();
    added.set(key, adding);
  }
  return adding;
}

/** Whether a group of views' texts are in for the current language (loading them if not). */
export function useViewMessages(group: ViewMessageGroup): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const probe = PROBES[group];
  const [ready, setReady] = useState(() => i18n.exists(probe));
  useEffect(() => {
    let live = true;
    if (i18n.exists(probe)) setReady(true);
    else {
      setReady(false);
      void add(group, language).then(() => live && setReady(true));
    }
    return () => {
      live = false;
    };
  }, [i18n, language, group, probe]);
  return ready;
}

/** A view that waits for its group's texts (a skeleton meanwhile). */
export function withViewMessages(group: ViewMessageGroup, View: ComponentType<ViewProps>) {
  return function ViewWithMessages(props: ViewProps) {
    return useViewMessages(group) ? <View {...props} /> : <Skeleton active />;
  };
}
