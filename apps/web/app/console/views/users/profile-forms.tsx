import { passwordProblem } from "@rampart/contracts";
import { App, Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { profileApi } from "../../../shared/auth/profile-api";
import { useSession } from "../../../shared/auth/session-store";
import { RequestError } from "../../../shared/request/request-client";
import { browserTimeZone } from "../../../shared/time-zone/browser-time-zone";
import { TimeZoneSelect } from "../../../shared/time-zone/time-zone-select";
import { ConfirmPasswordField } from "../../controls/confirm-password-field";

interface ProfileFields {
  nickName: string;
  email: string;
  phonenumber: string;
  timeZone: string;
}
interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * The user's own details: name, address (a new one is confirmed by mail first), phone, and the
 * time zone their mails are written in (this browser's until they choose one).
 */
export function ProfileDetailsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, getInfo } = useSession();
  if (!user) return null;

  const saveProfile = async (fields: ProfileFields) => {
    try {
      const answer = await profileApi.updateProfile(fields);
      await getInfo();
      // A new address waits for its confirmation: the server says where the link went.
      if (fields.email.trim().toLowerCase() !== user.email.toLowerCase() && fields.email.trim())
        void message.info(answer.msg, 8);
      else void message.success(t("console.saved"));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  return (
    <Form<ProfileFields>
      layout="vertical"
      initialValues={{
        nickName: user.nickName,
        email: user.email,
        phonenumber: user.phonenumber,
        timeZone: user.timeZone || browserTimeZone(),
      }}
      onFinish={saveProfile}
    >
      <Form.Item
        name="nickName"
        label={t("console.nickName")}
        rules={[{ required: true, whitespace: true, max: 30, message: t("console.nickNameRequired") }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t("auth.email")} rules={[{ type: "email", message: t("auth.emailInvalid") }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="phonenumber"
        label={t("auth.phone")}
        rules={[{ pattern: /^$|^\+?[0-9][0-9 -]{5,19}$/, message: t("auth.phoneInvalid") }]}
      >
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="timeZone" label={t("console.timeZone")} extra={t("console.timeZoneHelp")}>
        <TimeZoneSelect />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t("console.save")}
      </Button>
    </Form>
  );
}

/** A password change: the current one, and the new one twice, checked against the rules as typed. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [passwordForm] = Form.useForm<PasswordFields>();
  if (!user) return null;

  const changePassword = async ({ oldPassword, newPassword }: PasswordFields) => {
    try {
      const result = await profileApi.updatePassword({ oldPassword, newPassword });
      void message.success(result.msg);
      passwordForm.resetFields();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  return (
    <Form<PasswordFields> form={passwordForm} layout="vertical" onFinish={changePassword}>
      <Form.Item
        name="oldPassword"
        label={t("console.currentPassword")}
        rules={[{ required: true, message: t("auth.passwordRequired") }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t("console.newPassword")}
        extra={t("auth.passwordRule")}
        rules={[
          { required: true, message: t("auth.passwordRequired") },
          {
            validator: (_, value: string | undefined) =>
              !value || !passwordProblem(value, user.userName)
                ? Promise.resolve()
                : Promise.reject(new Error(t("auth.passwordRule"))),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <ConfirmPasswordField of="newPassword" />
      <Button type="primary" htmlType="submit">
        {t("console.save")}
      </Button>
    </Form>
  );
}
