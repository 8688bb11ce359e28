import { CheckOutlined } from "@ant-design/icons";
import { App, Button, Divider, Drawer, Radio, Space, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { type LayoutSettings, PRESET_COLORS, useLayoutSettings } from "../state/layout-settings";

/** How long the saving and clearing notices stay (spec section 4: about 1 s). */
const NOTICE_MS = 1000;

/**
 * The layout settings (spec section 2, Settings drawer): theme colour, sidebar theme, top nav,
 * tabs, fixed header, sidebar logo, dynamic title. Changes apply at once; Save keeps them under
 * `layout-setting`, Reset forgets them and reloads. Closes on a click outside.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useLayoutSettings();
  const flag = (
    key: keyof Pick<LayoutSettings, "topNav" | "tagsView" | "fixedHeader" | "sidebarLogo" | "dynamicTitle">,
  ) => (
    <div className="settings-drawer__row">
      <span>{t(`console.setting.${key}`)}</span>
      <Switch
        checked={settings[key]}
        onChange={(checked) => settings.change({ [key]: checked })}
        aria-label={t(`console.setting.${key}`)}
      />
    </div>
  );
  const save = () => {
    const hide = message.loading(t("console.settingsSaving"), 0);
    settings.save();
    setTimeout(() => {
      hide();
      onClose();
    }, NOTICE_MS);
  };
  const reset = () => {
    message.loading(t("console.settingsClearing"), 0);
    settings.clear();
    setTimeout(() => window.location.reload(), NOTICE_MS);
  };
  return (
    <Drawer title={t("console.settings")} open={open} onClose={onClose} size={300} maskClosable>
      <h4>{t("console.setting.theme")}</h4>
      <Space wrap>
        {PRESET_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="settings-drawer__color"
            style={{ background: color }}
            aria-label={color}
            aria-pressed={settings.theme.toLowerCase() === color.toLowerCase()}
            onClick={() => settings.change({ theme: color })}
          >
            {settings.theme.toLowerCase() === color.toLowerCase() ? <CheckOutlined /> : null}
          </button>
        ))}
      </Space>
      <h4>{t("console.setting.sideTheme")}</h4>
      <Radio.Group
        value={settings.sideTheme}
        onChange={(event) => settings.change({ sideTheme: event.target.value })}
        options={[
          { value: "theme-dark", label: t("console.setting.dark") },
          { value: "theme-light", label: t("console.setting.light") },
        ]}
      />
      <Divider />
      {flag("topNav")}
      {flag("tagsView")}
      {flag("fixedHeader")}
      {flag("sidebarLogo")}
      {flag("dynamicTitle")}
      <Divider />
      <Space>
        <Button type="primary" onClick={save}>
          {t("console.settingsSave")}
        </Button>
        <Button onClick={reset}>{t("console.settingsReset")}</Button>
      </Space>
    </Drawer>
  );
}
