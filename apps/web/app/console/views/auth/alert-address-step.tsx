import { MailOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { profileApi } from "../../../shared/auth/profile-api";
import { useSession } from "../../../shared/auth/session-store";
import { RequestError } from "../../../shared/request/request-client";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The administrator's own address, asked for at first sign-in right after the second factor: the
 * seeded administrator has none, and until the sites set their sales addresses, alerts of new
 * leads and orders go to the administrators' confirmed addresses (a link confirms it first).
 */
export function AlertAddressStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);

  const save = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      const answer = await profileApi.updateProfile({
        nickName: user?.nickName || user?.userName || "admin",
        email: email.trim(),
        phonenumber: user?.phonenumber ?? "",
      });
      void message.success(answer.msg, 8);
      onDone();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="alert-address">
      <Form<{ email: string }> layout="vertical" onFinish={save} requiredMark={false}>
        <Form.Item
          name="email"
          label={t("console.alertAddressLabel")}
          rules={[
            { required: true, whitespace: true, message: t("console.alertAddressRequired") },
            { pattern: EMAIL, message: t("auth.emailInvalid") },
          ]}
        >
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus maxLength={254} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("console.alertAddressSave")}
          </Button>
          <Button type="link" onClick={onDone}>
            {t("console.alertAddressLater")}
          </Button>
        </Space>
      </Form>
      <p className="alert-address__note">{t("console.alertAddressNote")}</p>
    </section>
  );
}
