import { SITE_CURRENCIES, type SiteAdminView, type SiteBody } from "@rampart/contracts";
import { ColorPicker, Form, Input, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { SiteDialogSections, siteBodyOf } from "./site-dialog-sections";
import { SiteLogoField } from "./site-logo-field";
import { SitePreview } from "./site-preview";
import { SiteTimeZoneField } from "./site-time-zone-field";
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

/**
 * Adding or editing a site, with a live preview of its header. An operator bound to the site
 * (`channelLocked`) edits its branding; its host names, web and console domains (where its mailed
 * links lead), agent code and currency are shown, not edited.
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
    const body = siteBodyOf(values, EMPTY);
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
            <SiteLogoField form={form} logo={logo} company={company} onUploading={setUploading} />
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
              extra={adminOnly}
              rules={[{ pattern: HOST, message: t("sites.form.domainsHelp") }]}
            >
              <Input maxLength={253} disabled={channelLocked} />
            </Form.Item>
            <Form.Item
              name="consoleDomain"
              label={t("sites.form.consoleDomain")}
              extra={adminOnly}
              rules={[{ pattern: HOST, message: t("sites.form.domainsHelp") }]}
            >
              <Input maxLength={253} disabled={channelLocked} />
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
            <SiteTimeZoneField />
          </div>
          <SiteDialogSections company={company} />
        </Form>
        <SitePreview company={company} themeColor={themeColor} logo={logo} contactWay={contactWay} />
      </div>
    </Modal>
  );
}
