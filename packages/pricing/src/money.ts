/**
 * Money is an integer count of the currency's minor unit (fen for CNY, cent for USD; VND has no
 * minor unit, so one VND is one unit). Never a float.
 */
export interface Money {
  /** Integer amount in minor units. */
  minor: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

const digitsCache = new Map<string, number>();

/** How many decimal digits the currency's minor unit has, from the platform's ISO 4217 data. */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, digits);
  }
  return digits;
}

export function money(minor: number, currency: string): Money {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`money amount must be an integer of minor units, got ${minor}`);
  return { minor, currency: currency.toUpperCase() };
}

/** Converts a decimal amount as a person writes it ("12.30") to minor units, refusing excess precision. */
export function parseMajor(text: string, currency: string): Money {
  const digits = minorDigits(currency);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${JSON.stringify(text)}`);
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > digits) throw new RangeError(`${currency} amounts have at most ${digits} decimals`);
  const minor = Number(whole + fraction.padEnd(digits, "0"));
  return money(sign ? -minor : minor, currency);
}

/**
 * Currencies paid in whole units although ISO 4217 gives them cents (CLDR's cash digits): amounts
 * are still kept in cents, and written without ",00" when they are whole (NT$2,999).
 */
const WHOLE_UNITS: ReadonlySet<string> = new Set(["TWD"]);
/**
 * Symbols written the same in every language: a language's own dollar is a bare "$" in it (TWD
 * in zh-TW), which on a site that also sells in US dollars says nothing; Taiwan writes NT$.
 */
const SYMBOLS: Readonly<Record<string, string>> = { TWD: "NT$" };

/** Formats for display in a language, e.g. ¥1,234.50 (en), 1.234 ₫ (vi), NT$2,999 (zh-TW). */
export function formatMoney({ minor, currency }: Money, locale: string): string {
  const digits = minorDigits(currency);
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(WHOLE_UNITS.has(currency) ? { trailingZeroDisplay: "stripIfInteger" as const } : {}),
  });
  const amount = minor / 10 ** digits;
  const symbol = SYMBOLS[currency];
  if (!symbol) return format.format(amount);
  return format
    .formatToParts(amount)
    .map((part) => (part.type === "currency" ? symbol : part.value))
    .join("");
}
