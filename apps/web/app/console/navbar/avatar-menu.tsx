import { LogoutOutlined, SettingOutlined, SkinOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DEFAULT_AVATAR, useSession } from "../../shared/auth/session-store";
import { shellAntd } from "../antd/shell-antd";
import { confirmAction } from "../controls/confirm-action";
import { MenuButton } from "../controls/menu-button";

/** The avatar and its menu: personal center, personal settings, layout settings, log out. */
export function AvatarMenu({ onLayoutSettings }: { onLayoutSettings(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useSession((s) => s.name);
  const avatar = useSession((s) => s.avatar);
  const logout = useSession((s) => s.logout);

  const confirmLogout = async () =>
    confirmAction((await shellAntd()).modal, t, {
      content: t("console.logoutConfirm"),
      async action() {
        await logout().catch(() => {});
        await navigate("/admin/login", { replace: true });
      },
    });

  return (
    <MenuButton
      label={name || t("console.profile")}
      className="console-user"
      items={[
        {
          key: "profile",
          icon: <UserOutlined />,
          label: t("console.profile"),
          onSelect: () => void navigate("/user/profile"),
        },
        {
          key: "settings",
          icon: <SettingOutlined />,
          label: t("console.personalSettings"),
          onSelect: () => void navigate("/userCenter/set/routine"),
        },
        { key: "layout", icon: <SkinOutlined />, label: t("console.settings"), onSelect: onLayoutSettings },
        {
          key: "logout",
          icon: <LogoutOutlined />,
          label: t("console.logout"),
          dividerBefore: true,
          onSelect: () => void confirmLogout(),
        },
      ]}
    >
      <img className="console-user__avatar" src={avatar || DEFAULT_AVATAR} alt="" width={24} height={24} />
      <span className="console-user__name">{name}</span>
    </MenuButton>
  );
}
