import type { BillingProfile } from "@rampart/contracts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../shared/request/api-fetch";

/** The part of the billing profile asked at checkout (the invoice e-mail stays as it is). */
type Details = Pick<BillingProfile, "billingName" | "billingTaxId" | "billingAddress">;
const FIELDS = ["billingName", "billingTaxId", "billingAddress"] as const;
const NONE: Details = { billingName: "", billingTaxId: "", billingAddress: "" };

const hasDetails = (details: Details) => FIELDS.some((field) => details[field].trim() !== "");

export interface CheckoutBillingState {
  /** The customer's billing profile; null until it is read (or when it cannot be). */
  profile: BillingProfile | null;
  /** What the form holds (the profile's details at first). */
  draft: Details;
  setDraft: (draft: Details) => void;
  /** The form is open: the customer has no details yet, or chose to change them. */
  editing: boolean;
  edit: () => void;
  /**
   * Saves what the customer typed to their profile (the server's billing profile) before the
   * order is taken, so that its receipt or invoice is made out to it. Nothing typed or nothing
   * changed: nothing saved. Answers the server's reason when it refused, else null.
   */
  save: () => Promise<string | null>;
}

/** The checkout's billing details: read from the customer's profile, saved to it with the order. */
export function useCheckoutBilling(language: string): CheckoutBillingState {
  const [profile, setProfile] = useState<BillingProfile | null>(null);
  const [draft, setDraft] = useState<Details>(NONE);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    apiFetch<BillingProfile>("/system/user/profile/billing", { language, signal: abort.signal })
      .then((answer) => {
        if (answer.code !== 200 || !answer.data) return;
        const details = { ...NONE, ...pick(answer.data) };
        setProfile(answer.data);
        setDraft(details);
        setEditing(!hasDetails(details));
      })
      .catch(() => {});
    return () => abort.abort();
  }, [language]);

  const save = async (): Promise<string | null> => {
    if (!profile || !editing) return null;
    const typed = Object.fromEntries(FIELDS.map((field) => [field, draft[field].trim()])) as Details;
    if (FIELDS.every((field) => typed[field] === profile[field])) return null;
    const answer = await apiFetch<never>("/system/user/profile/billing", {
      method: "PUT",
      language,
      data: { ...typed, invoiceEmail: profile.invoiceEmail },
    });
    if (answer.code !== 200) return answer.msg;
    setProfile({ ...profile, ...typed });
    return null;
  };

  return { profile, draft, setDraft, editing, edit: () => setEditing(true), save };
}

const pick = (profile: BillingProfile): Details => ({
  billingName: profile.billingName,
  billingTaxId: profile.billingTaxId,
  billingAddress: profile.billingAddress,
});

/**
 * The order page's billing section: whom the receipt or invoice of this order is made out to. A
 * customer without details is asked for them (optional: without them the document carries their
 * display name); one with details sees them, with a link to change them. Saved with the order.
 */
export function CheckoutBilling({ billing, disabled }: { billing: CheckoutBillingState; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { profile, draft, editing } = billing;
  if (!profile) return null;
  if (!editing) {
    // The name on its own line; the tax id and address under it.
    const rest = [
      draft.billingTaxId && t("order.billing.taxIdShown", { taxId: draft.billingTaxId }),
      draft.billingAddress,
    ]
      .filter(Boolean)
      .join(" · ");
    return (
      <section className="checkout-billing" aria-labelledby={`${id}-title`}>
        <div className="checkout-billing__head">
          <h3 className="checkout-billing__title" id={`${id}-title`}>
            {t("order.billing.title")}
          </h3>
          <button type="button" className="checkout-billing__edit" onClick={billing.edit} disabled={disabled}>
            {t("order.billing.edit")}
          </button>
        </div>
        <p className="checkout-billing__shown" data-testid="billing-details">
          {draft.billingName ? <span className="checkout-billing__name">{draft.billingName}</span> : null}
          {rest ? <span>{rest}</span> : null}
        </p>
      </section>
    );
  }
  return (
    <fieldset className="checkout-billing checkout-billing--form" disabled={disabled}>
      <legend className="checkout-billing__title">
        {t("order.billing.title")} <span className="checkout-billing__optional">{t("order.billing.optional")}</span>
      </legend>
      <p className="checkout-billing__hint">{t("order.billing.hint")}</p>
      <div className="checkout-billing__fields">
        {FIELDS.map((field) => (
          <label key={field} className={`checkout-billing__field checkout-billing__field--${field}`}>
            <span>{t(`order.billing.${field}`)}</span>
            <input
              type="text"
              name={field}
              value={draft[field]}
              maxLength={field === "billingName" ? 200 : field === "billingTaxId" ? 64 : 300}
              autoComplete={
                field === "billingName" ? "organization" : field === "billingAddress" ? "street-address" : "off"
              }
              onChange={(event) => billing.setDraft({ ...draft, [field]: event.target.value })}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
