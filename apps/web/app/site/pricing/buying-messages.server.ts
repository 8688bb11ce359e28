import type { Language } from "@rampart/contracts";
import type { BuyingMessages } from "./buying-messages";

// The buying pages' texts, bundled into the server build only: they travel with those pages'
// data, so that the other pages do not download them.
const files = import.meta.glob<{ default: BuyingMessages }>("../../locales/buying/*.json");

export async function loadBuyingMessages(language: Language): Promise<BuyingMessages> {
  const load = files[`../../locales/buying/${language}.json`] ?? files["../../locales/buying/en.json"];
  if (!load) throw new Error("the buying pages' messages are missing from the build");
  return (await load()).default;
}
