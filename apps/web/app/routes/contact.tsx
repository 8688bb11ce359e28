import { APPLY_FIELDS, type ApplyField } from "@rampart/contracts";
import { data } from "react-router";
import { pageMeta } from "../shared/branding/page-title";
import { i18nFor, loadLanguage } from "../shared/i18n/i18n";
import { requestContext } from "../shared/request-context";
import type { ApplyResult } from "../site/apply/apply-form";
import { ContactPage } from "../site/contact/contact-page";
import type { Route } from "./+types/contact";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { contacts } = context.get(requestContext);
  const product = new URL(request.url).searchParams.get("product") ?? undefined;
  const blocks = contacts
    ? await contacts()
    : {
        presales: { phone: "", email: "", address: "", hours: "" },
        aftersales: { phone: "", email: "", address: "", hours: "" },
        emergency: "",
      };
  return { contacts: blocks, product: product && /^[a-zA-Z0-9-]{1,40}$/.test(product) ? product : undefined };
}

/** The contact form sent without JavaScript: stored by the server's leads service, answered in the page. */
export async function action({ request, context }: Route.ActionArgs): Promise<ReturnType<typeof data<ApplyResult>>> {
  const { submitLead, language } = context.get(requestContext);
  const form = await request.formData();
  const value = (name: string) => String(form.get(name) ?? "").slice(0, 2000);
  const input = {
    ...(Object.fromEntries(APPLY_FIELDS.map((f) => [f, value(f)])) as Record<ApplyField, string>),
    product: /^[a-zA-Z0-9-]{0,40}$/.test(value("product")) ? value("product") : "",
    kind: value("kind") === "apply" ? ("apply" as const) : ("contact" as const),
  };
  await loadLanguage(language); // actions run before the root loader, which loads it otherwise
  const t = i18nFor(language).t;
  if (!submitLead) return data({ ok: false, message: t("apply.networkError") }, { status: 503 });
  const result = await submitLead(input);
  if (result.ok) return data({ ok: true, message: t("apply.received") });
  if (result.reason === "too-many") return data({ ok: false, message: t("apply.tooMany") }, { status: 429 });
  return data({ ok: false, problems: result.problems }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches[0].loaderData, "contact.metaTitle", "contact.metaDescription", location.pathname);

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage contacts={loaderData.contacts} product={loaderData.product} result={actionData} />;
}
