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

/** Formats for display in a language, e.g. ¥1,234.50 (en), 1.234 ₫ (vi). */
export function formatMoney({ minor, currency }: Money, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
