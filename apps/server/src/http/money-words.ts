import { LANGUAGES, type Language } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";

/** An amount as each language writes it, for a message's parameter ("CN¥10.00", "10,00 CN¥"). */
export const moneyWords = (minor: number, currency: string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, formatMoney({ minor, currency }, language)])) as Record<
    Language,
    string
  >;
