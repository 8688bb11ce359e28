import { FontSizeOutlined } from "@ant-design/icons";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { type ComponentSize, SIZES, useAppState } from "../shell/app-state";
import { MenuButton } from "../shell/menu-button";

/** The size switcher: default, medium, small, mini; 'Switch Size Success' (spec section 2). */
export function SizeMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useAppState((s) => s.size);
  const setSize = useAppState((s) => s.setSize);
  return (
    <MenuButton
      label={t("console.size")}
      className="console-icon-button"
      selected={size}
      items={SIZES.map((key) => ({
        key,
        label: t(`console.sizes.${key}`),
        onSelect: () => {
          setSize(key as ComponentSize);
          void message.success(t("console.sizeSwitched"));
        },
      }))}
    >
      <FontSizeOutlined />
    </MenuButton>
  );
}
