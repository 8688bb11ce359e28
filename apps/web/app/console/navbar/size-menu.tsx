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
    <Tooltip title={t("console.size")} placement="bottom">
      <span>
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
          <Button type="text" aria-label={t("console.size")} icon={<FontSizeOutlined />} />
        </Dropdown>
      </span>
    </Tooltip>
  );
}
