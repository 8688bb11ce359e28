import { SITE_CURRENCIES, type SiteAdminView, type SiteBody, type SiteContacts } from "@rampart/contracts";
import { Button, Collapse, ColorPicker, Form, Input, InputNumber, Modal, Select, Space, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../../shared/request/upload";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { SitePreview } from "./site-preview";
import { sitesApi } from "./sites-api";

const EMPTY: SiteBody = {
  company: "",
  themeColor: "#006eff",
  contactWay: "",
  logo1: "",
  webDomain: "",
  consoleDomain: "",
  region: "",
  agentCode: "",
  currency: "CNY",
  domains: [],
};
const HOST = /^$|^[A-Za-z0-9.-]+$/;

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
 * Adding or editing a site, with a live preview of its header. An operator bound to the site
 * (`channelLocked`) edits its branding; its domains, agent code and currency are shown, not edited.
 */
export function SiteDialog({
  site,
  channelLocked,
  onClose,
}: {
  site: SiteAdminView | null;
  channelLocked: boolean;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteBody>();
  const [uploading, setUploading] = useState(false);
  const company = Form.useWatch("company", form) ?? site?.company ?? "";
  const themeColor = Form.useWatch("themeColor", form) ?? site?.themeColor ?? EMPTY.themeColor;
  const logo = Form.useWatch("logo1", form) ?? site?.logo1 ?? "";
  const contactWay = Form.useWatch("contactWay", form) ?? site?.contactWay ?? "";

  const { saving, submit } = useSaveDialog(async (values: SiteBody) => {
    const body: SiteBody = {
      ...EMPTY,
      ...values,
      domains: values.domains ?? [],
      // The contact fields are only on the form once their section has been opened.
      ...(values.contacts ? { contacts: contactsOf(values.contacts) } : {}),
      ...(values.mail
        ? {
            mail: {
              senderName: values.mail.senderName ?? "",
              replyTo: values.mail.replyTo ?? "",
              salesEmails: values.mail.salesEmails ?? "",
            },
          }
        : {}),
      ...(values.billing
        ? {
            billing: {
              address: values.billing.address ?? "",
              taxId: values.billing.taxId ?? "",
              invoicePrefix: values.billing.invoicePrefix || "INV-",
              taxRateBp: values.billing.taxRateBp ?? 0,
            },
          }
        : {}),
    };
    if (site) await sitesApi.update(site.siteId, body);
    else await sitesApi.create(body);
    return body.company;
  }, onClose);

  const adminOnly = channelLocked ? t("sites.form.adminOnly") : undefined;
  return (
    <Modal
      open
      title={site ? t("sites.editTitle", { name: site.company }) : t("sites.addTitle")}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      okButtonProps={{ disabled: uploading }}
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
      width={860}
      destroyOnHidden
    >
      <div className="site-dialog">
        <Form<SiteBody>
          form={form}
          name="site"
          layout="vertical"
          initialValues={site ?? EMPTY}
          onFinish={submit}
          className="site-dialog__form"
        >
          <Form.Item
            name="company"
            label={t("sites.form.company")}
            rules={[{ required: true, whitespace: true, message: t("users.required") }, { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <div className="user-form__pair">
            <Form.Item
              name="themeColor"
              label={t("sites.form.themeColor")}
              getValueFromEvent={(colour: { toHexString: () => string }) => colour.toHexString()}
            >
              <ColorPicker format="hex" disabledAlpha showText />
            </Form.Item>
            <Form.Item label={t("sites.form.logo")} extra={t("sites.form.logoHelp")}>
              <Form.Item name="logo1" hidden>
                <Input />
              </Form.Item>
              <Space wrap>
                <Upload
                  accept=".png,.jpg,.jpeg"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    setUploading(true);
                    uploadFile(file, "image")
                      .then((url) => form.setFieldValue("logo1", url))
                      .catch(() => {})
                      .finally(() => setUploading(false));
                    return false;
                  }}
                >
                  <Button loading={uploading}>{t("sites.form.uploadLogo")}</Button>
                </Upload>
                {logo ? (
                  <Button type="link" danger onClick={() => form.setFieldValue("logo1", "")}>
                    {t("sites.form.removeLogo")}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </div>
          <Form.Item name="contactWay" label={t("sites.form.contactWay")} extra={t("sites.form.contactWayHelp")}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="domains"
            label={t("sites.form.domains")}
            extra={
              adminOnly ??
              (site?.isDefault ? (
                <>
                  <div>{t("sites.form.domainsHelp")}</div>
                  <div>{t("sites.form.defaultDomainsHelp")}</div>
                </>
              ) : (
                t("sites.form.domainsHelp")
              ))
            }
            rules={[
              {
                validator: (_, value: string[] = []) =>
                  value.every((d) => /^[A-Za-z0-9.-]+$/.test(d))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("sites.form.domainsHelp"))),
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[",", " "]} open={false} suffixIcon={null} disabled={channelLocked} />
          </Form.Item>
          <div className="user-form__pair">
            <Form.Item
              name="webDomain"
              label={t("sites.form.webDomain")}
              rules={[{ pattern: HOST, message: t("sites.form.domainsHelp") }]}
            >
              <Input maxLength={253} />
            </Form.Item>
            <Form.Item
              name="consoleDomain"
              label={t("sites.form.consoleDomain")}
              rules={[{ pattern: HOST, message: t("sites.form.domainsHelp") }]}
            >
              <Input maxLength={253} />
            </Form.Item>
            <Form.Item
              name="agentCode"
              label={t("sites.form.agentCode")}
              extra={adminOnly ?? t("sites.form.agentCodeHelp")}
              rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t("sites.form.agentCodeHelp") }]}
            >
              <Input maxLength={64} disabled={channelLocked} />
            </Form.Item>
            <Form.Item name="currency" label={t("sites.form.currency")} extra={adminOnly}>
              <Select disabled={channelLocked} options={SITE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="region" label={t("sites.form.region")}>
              <Input maxLength={16} />
            </Form.Item>
          </div>
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
                        <Input maxLength={16} />
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
                  </>
                ),
              },
            ]}
          />
        </Form>
        <SitePreview company={company} themeColor={themeColor} logo={logo} contactWay={contactWay} />
      </div>
    </Modal>
  );
}
