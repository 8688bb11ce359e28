import type { BillingProfile } from "@rampart/contracts";
import { App, Button, Form, Input, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { profileApi } from "../../../shared/auth/profile-api";

/**
 * The personal center's billing tab: who the customer's invoices are made out to (a person's or a
 * company's name, tax id, address) and where they go. New invoices take it; issued ones keep theirs.
 */
export function BillingPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [profile, setProfile] = useState<BillingProfile | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    profileApi.billing().then(
      ({ data }) => setProfile(data ?? null),
      () => {},
    );
  }, []);
  if (!profile) return <Skeleton active />;

  const save = async (values: BillingProfile) => {
    setSaving(true);
    try {
      const answer = await profileApi.updateBilling({
        billingName: values.billingName ?? "",
        billingTaxId: values.billingTaxId ?? "",
        billingAddress: values.billingAddress ?? "",
        invoiceEmail: values.invoiceEmail ?? "",
      });
      void message.success(answer.msg);
    } catch {
      // The request client has told the user.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<BillingProfile> layout="vertical" name="billing" initialValues={profile} onFinish={save}>
      <p className="billing-panel__help">{t("console.billing.help")}</p>
      <Form.Item name="billingName" label={t("console.billing.name")} extra={t("console.billing.nameHelp")}>
        <Input maxLength={200} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="billingTaxId" label={t("console.billing.taxId")}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="billingAddress" label={t("console.billing.address")}>
        <Input maxLength={300} autoComplete="street-address" />
      </Form.Item>
      <Form.Item
        name="invoiceEmail"
        label={t("console.billing.email")}
        extra={t("console.billing.emailHelp")}
        rules={[{ type: "email", message: t("auth.emailInvalid") }]}
      >
        <Input type="email" maxLength={254} autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t("console.save")}
      </Button>
    </Form>
  );
}
