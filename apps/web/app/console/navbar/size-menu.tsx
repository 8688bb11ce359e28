import { FontSizeOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { type ComponentSize, SIZES, useAppState } from "../shell/app-state";

/** The size switcher: default, medium, small, mini; 'Switch Size Success' (spec section 2). */
export function SizeMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useAppState((s) => s.size);
  const setSize = useAppState((s) => s.setSize);
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((key) => ({ key, label: t(`console.sizes.${key}`) })),
        onClick: ({ key }) => {
          setSize(key as ComponentSize);
          void message.success(t("console.sizeSwitched"));
        },
      }}
    >
      <Tooltip title={t("console.size")}>
        <Button type="text" aria-label={t("console.size")} icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
