import { App, Avatar, Button, Card, Descriptions, Tag } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../../shared/auth/auth-api";
import { profileApi } from "../../../shared/auth/profile-api";
import { DEFAULT_AVATAR, useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { RequestError } from "../../../shared/request/request-client";
import { uploadFile } from "../../../shared/request/upload";
import { CopyButton } from "../parts/copy-button";

/** Who the user is: their picture (changed here), name, address (confirmed or not), phone, roles, since when. */
export function ProfileCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, roles, avatar, getInfo } = useSession();
  const { language } = useSiteData();
  const picker = useRef<HTMLInputElement>(null);
  if (!user) return null;

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

  return (
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
          {user.userName} <CopyButton text={user.userName} />
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
          {new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(user.createTime))}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
