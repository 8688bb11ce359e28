// The apply form's rules, for the page and the server alike. Like cookie-names.ts and
// site-constants.ts this module does not use the schema library: a module that builds a TypeBox
// schema at its top level cannot be left out of a bundle, and the public pages, which only need
// these rules, would carry the whole library (about 10 KB gzip) on every page.

export const APPLY_FIELDS = ["name", "email", "phone", "address", "content"] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];

/** The message keys of spec section 5, one per rule. */
export type ApplyProblem =
  | "apply.enterName"
  | "apply.enterEmail"
  | "apply.emailFormat"
  | "apply.enterPhone"
  | "apply.phoneInvalid"
  | "apply.enterAddress"
  | "apply.enterContent"
  | "apply.fillMessage";

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * A telephone number from anywhere: an optional +, then 6 to 15 digits (E.164's longest) with
 * spaces, dots, dashes or brackets between them.
 */
export function isPhoneNumber(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "");
  return digits.length >= 6 && digits.length <= 15;
}

/**
 * Every problem of a filled-in form, by field (the same rules on the page and on the server). An
 * empty result means the form may be sent.
 */
export function applyProblems(
  form: Record<ApplyField, string>,
  /** "contact": the contact page's form, whose content is "your message". */
  kind: "apply" | "contact" = "apply",
): Partial<Record<ApplyField, ApplyProblem>> {
  const problems: Partial<Record<ApplyField, ApplyProblem>> = {};
  const value = (field: ApplyField) => (form[field] ?? "").trim();
  if (!value("name")) problems.name = "apply.enterName";
  if (!value("email")) problems.email = "apply.enterEmail";
  else if (!EMAIL.test(value("email"))) problems.email = "apply.emailFormat";
  if (!value("phone")) problems.phone = "apply.enterPhone";
  else if (!isPhoneNumber(value("phone"))) problems.phone = "apply.phoneInvalid";
  if (!value("address")) problems.address = "apply.enterAddress";
  if (!value("content")) problems.content = kind === "contact" ? "apply.fillMessage" : "apply.enterContent";
  return problems;
}
