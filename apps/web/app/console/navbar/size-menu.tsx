import { FontSizeOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { shellAntd } from "../antd/shell-antd";
import { MenuButton } from "../controls/menu-button";
import { type ComponentSize, SIZES, useAppState } from "../state/app-state";

/** The size switcher: default, medium, small, mini; 'Switch Size Success' (spec section 2). */
export function SizeMenu() {
  const { t } = useTranslation();
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
          void shellAntd().then(({ message }) => message.success(t("console.sizeSwitched")));
        },
      }))}
    >
      <FontSizeOutlined />
    </MenuButton>
  );
}
