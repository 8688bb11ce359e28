import { CopyOutlined } from "@ant-design/icons";
import { passwordProblem } from "@rampart/contracts";
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Tabs, Tag } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../shared/auth/auth-api";
import { profileApi } from "../../shared/auth/profile-api";
import { DEFAULT_AVATAR, useSession } from "../../shared/auth/session-store";
import { copyText } from "../../shared/clipboard";
import { RequestError } from "../../shared/request/request-client";
import { uploadFile } from "../../shared/request/upload";
import { BillingPanel } from "./billing-panel";
import { SessionsPanel } from "./security/sessions-panel";
import { TwoFactorPanel } from "./security/two-factor-panel";

interface ProfileFields {
  nickName: string;
  email: string;
  phonenumber: string;
}
interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * /user/profile: who the user is, their details to edit, a password change, two-factor sign-in
 * and the sessions they are signed in with.
 */
export default function Profile() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, roles, avatar, getInfo } = useSession();
  const [passwordForm] = Form.useForm<PasswordFields>();
  const picker = useRef<HTMLInputElement>(null);
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
  const resend = async () => {
    try {
      void message.success((await authApi.resendVerification()).msg, 6);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };
  const changeAvatar = async (file: File) => {
    try {
      const url = await uploadFile(file, "image");
      await profileApi.updateAvatar(url);
      await getInfo();
      void message.success(t("console.saved"));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };
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
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card title={t("console.profile")}>
          <div className="profile__avatar">
            <Avatar size={96} src={avatar || DEFAULT_AVATAR} alt="" />
            <input
              ref={picker}
              type="file"
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              className="profile__avatar-input"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void changeAvatar(file);
              }}
            />
            <Button size="small" onClick={() => picker.current?.click()}>
              {t("console.changeAvatar")}
            </Button>
            <span className="profile__avatar-hint">{t("console.avatarHint")}</span>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("auth.username")}>
              {user.userName}{" "}
              <Button
                type="link"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t("console.copy")}
                onClick={async () =>
                  (await copyText(user.userName))
                    ? void message.success(t("console.copied"))
                    : void message.warning(t("console.copyManually"))
                }
              />
            </Descriptions.Item>
            <Descriptions.Item label={t("auth.email")}>
              {user.email ? (
                <span className="profile__email">
                  {user.email}{" "}
                  {user.emailVerified ? (
                    <Tag color="success">{t("console.emailConfirmed")}</Tag>
                  ) : (
                    <>
                      <Tag color="warning">{t("console.emailUnconfirmed")}</Tag>
                      <Button type="link" size="small" onClick={resend}>
                        {t("console.emailResend")}
                      </Button>
                    </>
                  )}
                </span>
              ) : (
                "-"
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("auth.phone")}>{user.phonenumber || "-"}</Descriptions.Item>
            <Descriptions.Item label={t("console.roles")}>
              {roles.map((role) => (
                <Tag key={role}>{role}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t("console.memberSince")}>
              {new Date(user.createTime).toLocaleDateString()}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              {
                key: "basic",
                label: t("console.basicInfo"),
                children: (
                  <Form<ProfileFields>
                    layout="vertical"
                    initialValues={{ nickName: user.nickName, email: user.email, phonenumber: user.phonenumber }}
                    onFinish={saveProfile}
                  >
                    <Form.Item
                      name="nickName"
                      label={t("console.nickName")}
                      rules={[{ required: true, whitespace: true, max: 30 }]}
                    >
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name="email"
                      label={t("auth.email")}
                      rules={[{ type: "email", message: t("auth.emailInvalid") }]}
                    >
                      <Input type="email" autoComplete="email" />
                    </Form.Item>
                    <Form.Item
                      name="phonenumber"
                      label={t("auth.phone")}
                      rules={[{ pattern: /^$|^\+?[0-9][0-9 -]{5,19}$/, message: t("auth.phoneInvalid") }]}
                    >
                      <Input type="tel" autoComplete="tel" />
                    </Form.Item>
                    <Button type="primary" htmlType="submit">
                      {t("console.save")}
                    </Button>
                  </Form>
                ),
              },
              {
                key: "password",
                label: t("console.changePassword"),
                children: (
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
                    <Form.Item
                      name="confirm"
                      label={t("auth.confirmPassword")}
                      dependencies={["newPassword"]}
                      rules={[
                        { required: true, message: t("auth.passwordRequired") },
                        ({ getFieldValue }) => ({
                          validator: (_, value: string | undefined) =>
                            !value || value === getFieldValue("newPassword")
                              ? Promise.resolve()
                              : Promise.reject(new Error(t("auth.passwordsDiffer"))),
                        }),
                      ]}
                    >
                      <Input.Password autoComplete="new-password" />
                    </Form.Item>
                    <Button type="primary" htmlType="submit">
                      {t("console.save")}
                    </Button>
                  </Form>
                ),
              },
              { key: "twoFactor", label: t("console.twoFactorTab"), children: <TwoFactorPanel /> },
              { key: "sessions", label: t("console.sessionsTab"), children: <SessionsPanel /> },
              { key: "billing", label: t("console.billing.tab"), children: <BillingPanel /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
