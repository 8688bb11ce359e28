import { defaultInvoicePrefix, type SiteBody, type SiteContacts } from "@rampart/contracts";
import { Collapse, Form, Input, InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import { SiteDocumentTitleField } from "./site-document-title-field";
import { SiteFiguresField } from "./site-figures-field";
import { paymentInstructionsOf, paymentInstructionsSection } from "./site-payment-instructions";

/** Every contact field as a string (antd leaves a field the user never touched undefined). */
function contactsOf(values: Partial<SiteContacts>): SiteContacts {
  const block = (b: Partial<SiteContacts["presales"]> | undefined) => ({
    phone: b?.phone ?? "",
    email: b?.email ?? "",
    address: b?.address ?? "",
    hours: b?.hours ?? "",
  });
  return { presales: block(values.presales), aftersales: block(values.aftersales), emergency: values.emergency ?? "" };
}

/**
 * The site as the server takes it from the dialog's values: the folded sections (contacts, mail,
 * billing) are only on the form once opened, and are sent only then, every field a string.
 */
export function siteBodyOf(values: SiteBody, empty: SiteBody): SiteBody {
  return {
    ...empty,
    ...values,
    domains: values.domains ?? [],
    ...(values.contacts ? { contacts: contactsOf(values.contacts) } : {}),
    ...(values.mail
      ? {
          mail: {
            senderName: values.mail.senderName ?? "",
            replyTo: values.mail.replyTo ?? "",
            salesEmails: values.mail.salesEmails ?? "",
            onCallEmails: values.mail.onCallEmails ?? "",
          },
        }
      : {}),
    ...(values.billing
      ? {
          billing: {
            address: values.billing.address ?? "",
            taxId: values.billing.taxId ?? "",
            // Left empty: after the agent code (`LOTUS-`), as a new site's numbers are.
            invoicePrefix: values.billing.invoicePrefix || defaultInvoicePrefix(values.agentCode ?? ""),
            taxRateBp: values.billing.taxRateBp ?? 0,
            documentTitle: values.billing.documentTitle ?? "receipt",
          },
        }
      : {}),
    ...(values.paymentInstructions ? { paymentInstructions: paymentInstructionsOf(values.paymentInstructions) } : {}),
  };
}

/**
 * The site dialog's folded sections: the contact blocks the public pages show, the mail's sender
 * and sales addresses, the invoices' seller details, how to pay by bank transfer, and the marketing figures the
 * pages claim. `company` is the sender name's hint.
 */
export function SiteDialogSections({ company }: { company: string }) {
  const { t } = useTranslation();
  const agentCode: string = Form.useWatch("agentCode", Form.useFormInstance()) ?? "";
  return (
    <Collapse
      className="site-dialog__contacts"
      items={[
        {
          key: "contacts",
          label: t("sites.form.contacts"),
          children: (
            <>
              <p className="site-dialog__help">{t("sites.form.contactsHelp")}</p>
              {(["presales", "aftersales"] as const).map((block) => (
                <fieldset key={block} className="site-dialog__block">
                  <legend>{t(`sites.form.${block}`)}</legend>
                  <div className="site-dialog__grid">
                    <Form.Item
                      name={["contacts", block, "phone"]}
                      label={t("sites.form.phone")}
                      rules={[{ pattern: /^[0-9+() .,/#*xX-]*$/, message: t("sites.form.phoneInvalid") }]}
                    >
                      <Input maxLength={60} />
                    </Form.Item>
                    <Form.Item
                      name={["contacts", block, "email"]}
                      label={t("sites.form.email")}
                      rules={[{ type: "email", message: t("sites.form.emailInvalid") }]}
                    >
                      <Input maxLength={254} />
                    </Form.Item>
                    <Form.Item name={["contacts", block, "address"]} label={t("sites.form.address")}>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item name={["contacts", block, "hours"]} label={t("sites.form.hours")}>
                      <Input maxLength={200} />
                    </Form.Item>
                  </div>
                </fieldset>
              ))}
              <Form.Item name={["contacts", "emergency"]} label={t("sites.form.emergency")}>
                <Input maxLength={200} />
              </Form.Item>
            </>
          ),
        },
        {
          key: "mail",
          label: t("sites.form.mail"),
          children: (
            <>
              <p className="site-dialog__help">{t("sites.form.mailHelp")}</p>
              <div className="site-dialog__grid">
                <Form.Item name={["mail", "senderName"]} label={t("sites.form.senderName")}>
                  <Input maxLength={100} placeholder={company} />
                </Form.Item>
                <Form.Item
                  name={["mail", "replyTo"]}
                  label={t("sites.form.replyTo")}
                  rules={[{ type: "email", message: t("sites.form.emailInvalid") }]}
                >
                  <Input maxLength={254} type="email" />
                </Form.Item>
              </div>
              <Form.Item
                name={["mail", "salesEmails"]}
                label={t("sites.form.salesEmails")}
                extra={t("sites.form.salesEmailsHelp")}
                rules={[
                  {
                    pattern: /^\s*([^\s@,;]+@[^\s@,;]+\.[^\s@,;]+\s*([,;]\s*|$))*$/,
                    message: t("sites.form.emailInvalid"),
                  },
                ]}
              >
                <Input maxLength={1000} />
              </Form.Item>
              <Form.Item
                name={["mail", "onCallEmails"]}
                label={t("sites.form.onCallEmails")}
                extra={t("sites.form.onCallEmailsHelp")}
                rules={[
                  {
                    pattern: /^\s*([^\s@,;]+@[^\s@,;]+\.[^\s@,;]+\s*([,;]\s*|$))*$/,
                    message: t("sites.form.emailInvalid"),
                  },
                ]}
              >
                <Input maxLength={1000} />
              </Form.Item>
            </>
          ),
        },
        {
          key: "billing",
          label: t("sites.form.billing"),
          children: (
            <>
              <p className="site-dialog__help">{t("sites.form.billingHelp")}</p>
              <Form.Item name={["billing", "address"]} label={t("sites.form.billingAddress")}>
                <Input maxLength={300} />
              </Form.Item>
              <div className="site-dialog__grid">
                <Form.Item name={["billing", "taxId"]} label={t("sites.form.taxId")}>
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item
                  name={["billing", "invoicePrefix"]}
                  label={t("sites.form.invoicePrefix")}
                  extra={t("sites.form.invoicePrefixHelp")}
                  rules={[{ pattern: /^[A-Za-z0-9_-]{1,16}$/, message: t("sites.form.invoicePrefixRule") }]}
                >
                  <Input maxLength={16} placeholder={defaultInvoicePrefix(agentCode)} />
                </Form.Item>
                <Form.Item
                  name={["billing", "taxRateBp"]}
                  label={t("sites.form.taxRate")}
                  extra={t("sites.form.taxRateHelp")}
                  getValueProps={(bp?: number) => ({ value: bp === undefined ? undefined : bp / 100 })}
                  normalize={(percent?: number | null) => Math.round((percent ?? 0) * 100)}
                >
                  <InputNumber min={0} max={50} step={0.5} precision={2} addonAfter="%" style={{ width: 160 }} />
                </Form.Item>
              </div>
              <SiteDocumentTitleField />
            </>
          ),
        },
        paymentInstructionsSection(t),
        {
          key: "figures",
          label: t("sites.figures.title"),
          children: (
            <Form.Item name="marketingFigures" noStyle>
              <SiteFiguresField />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
