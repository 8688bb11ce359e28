import { APPLY_FIELDS, type ApplyField, type ApplyProblem, applyProblems } from "@rampart/contracts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { apiFetch } from "../../shared/request/api-fetch";

export interface ApplyResult {
  ok: boolean;
  message?: string;
  problems?: Partial<Record<ApplyField, ApplyProblem | string>>;
}

const INPUTS: Record<ApplyField, { type: string; autoComplete: string }> = {
  name: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  address: { type: "text", autoComplete: "street-address" },
  content: { type: "textarea", autoComplete: "off" },
};

/**
 * The apply/contact form (spec section 3): name, email, phone, address, content; Cancel and
 * Confirm. With JavaScript it checks each field as the server will and sends it to the API; without,
 * it is a plain form post to /contact, answered by the server with the result.
 */
export function ApplyForm({
  product,
  kind = "apply",
  onCancel,
  onDone,
  serverResult,
}: {
  product?: string;
  kind?: "apply" | "contact";
  onCancel?: () => void;
  onDone?: (message: string) => void;
  /** The result of a submission without JavaScript (the /contact action). */
  serverResult?: ApplyResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [problems, setProblems] = useState<Partial<Record<ApplyField, string>>>(() =>
    Object.fromEntries(
      Object.entries(serverResult?.problems ?? {}).map(([f, p]) => [f, p?.startsWith("apply.") ? t(p) : p]),
    ),
  );
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(
    serverResult && !serverResult.ok && !serverResult.problems ? (serverResult.message ?? null) : null,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(APPLY_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<
      ApplyField,
      string
    >;
    const found = applyProblems(values, kind);
    setProblems(Object.fromEntries(Object.entries(found).map(([f, p]) => [f, t(p)])));
    setFailure(null);
    if (Object.keys(found).length > 0) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const body = await apiFetch<Record<string, string>>("/lead/apply", {
        method: "POST",
        data: { ...values, ...(product ? { product } : {}), kind },
        language: i18n.language,
        withToken: false,
      });
      if (body.code === 200) {
        event.currentTarget?.reset?.();
        onDone?.(body.msg);
      } else if (body.data) setProblems(body.data);
      else setFailure(body.msg);
    } catch {
      setFailure(t("apply.networkError"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      method="post"
      action={`/contact${product ? `?product=${product}` : ""}`}
      className="apply-form"
      noValidate
      onSubmit={submit}
    >
      <input type="hidden" name="product" value={product ?? ""} />
      <input type="hidden" name="kind" value={kind} />
      {APPLY_FIELDS.map((field) => {
        const inputId = `${id}-${field}`;
        const errorId = `${inputId}-error`;
        const label = t(kind === "contact" && field === "content" ? "apply.fields.message" : `apply.fields.${field}`);
        const common = {
          id: inputId,
          name: field,
          autoComplete: INPUTS[field].autoComplete,
          "aria-invalid": problems[field] ? true : undefined,
          "aria-describedby": problems[field] ? errorId : undefined,
          required: true,
        };
        return (
          <div key={field} className={`apply-form__field apply-form__field--${field}`}>
            <label htmlFor={inputId}>{label}</label>
            {INPUTS[field].type === "textarea" ? (
              <textarea {...common} rows={4} maxLength={2000} />
            ) : (
              <input {...common} type={INPUTS[field].type} maxLength={field === "address" ? 300 : 200} />
            )}
            {problems[field] ? (
              <p id={errorId} className="apply-form__error" role="alert">
                {problems[field]}
              </p>
            ) : null}
          </div>
        );
      })}
      {failure ? (
        <p className="apply-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="apply-form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t("apply.cancel")}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t("apply.sending") : t("apply.confirm")}
        </button>
      </div>
    </Form>
  );
}
