import { isLanguage } from "@rampart/contracts";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLanguage } from "./shared/i18n/i18n";

// The server wrote the page in <html lang>; load that language's messages before hydrating so
// that the first client render matches the server's HTML.
const language = document.documentElement.lang;
await loadLanguage(isLanguage(language) ? language : "en");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
