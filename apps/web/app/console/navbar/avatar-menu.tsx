import { LogoutOutlined, SettingOutlined, SkinOutlined, UserOutlined } from "@ant-design/icons";
import { App, Avatar, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DEFAULT_AVATAR, useSession } from "../../shared/auth/session-store";
import { confirmAction } from "../shell/confirm-action";

/** The avatar and its menu: personal center, personal settings, layout settings, log out. */
export function AvatarMenu({ onLayoutSettings }: { onLayoutSettings(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const name = useSession((s) => s.name);
  const avatar = useSession((s) => s.avatar);
  const logout = useSession((s) => s.logout);

  const confirmLogout = () =>
    confirmAction(modal, t, {
      content: t("console.logoutConfirm"),
      async action() {
        await logout().catch(() => {});
        await navigate("/admin/login", { replace: true });
      },
    });

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          {
            key: "profile",
            icon: <UserOutlined />,
            label: t("console.profile"),
            onClick: () => navigate("/user/profile"),
          },
          {
            key: "settings",
            icon: <SettingOutlined />,
            label: t("console.personalSettings"),
            onClick: () => navigate("/userCenter/set/routine"),
          },
          { key: "layout", icon: <SkinOutlined />, label: t("console.settings"), onClick: onLayoutSettings },
          { type: "divider" },
          { key: "logout", icon: <LogoutOutlined />, label: t("console.logout"), onClick: confirmLogout },
        ],
      }}
    >
      <button type="button" className="console-user" aria-label={name || t("console.profile")}>
        <Avatar size="small" src={avatar || DEFAULT_AVATAR} alt="" />
        <span className="console-user__name">{name}</span>
      </button>
    </Dropdown>
  );
}
