import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@rampart/contracts";
import { App, Card, Form, Radio, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { loadLanguage } from "../../../shared/i18n/i18n";
import { storeLanguage } from "../../../shared/i18n/language-cookie";
import { type ComponentSize, SIZES, useAppState } from "../../state/app-state";
import { useLayoutSettings } from "../../state/layout-settings";

/** /userCenter/set/routine: the user's everyday preferences, kept in this browser. */
export default function PersonalSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useSiteData();
  const revalidator = useRevalidator();
  const size = useAppState((s) => s.size);
  const setSize = useAppState((s) => s.setSize);
  const settings = useLayoutSettings();
  const changeAndSave = (patch: Parameters<typeof settings.change>[0]) => {
    settings.change(patch);
    settings.save();
    void message.success(t("console.saved"));
  };
  return (
    <Card title={t("console.personalSettings")}>
      <Form layout="horizontal" labelCol={{ flex: "180px" }} labelWrap>
        <Form.Item label={t("auth.language")}>
          <Select<Language>
            value={language}
            style={{ maxWidth: 240 }}
            options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            onChange={async (next) => {
              await loadLanguage(next);
              storeLanguage(next);
              await revalidator.revalidate();
            }}
          />
        </Form.Item>
        <Form.Item label={t("console.size")}>
          <Radio.Group
            value={size}
            onChange={(event) => {
              setSize(event.target.value as ComponentSize);
              void message.success(t("console.sizeSwitched"));
            }}
            options={SIZES.map((value) => ({ value, label: t(`console.sizes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t("console.setting.tagsView")}>
          <Switch checked={settings.tagsView} onChange={(tagsView) => changeAndSave({ tagsView })} />
        </Form.Item>
        <Form.Item label={t("console.setting.topNav")}>
          <Switch checked={settings.topNav} onChange={(topNav) => changeAndSave({ topNav })} />
        </Form.Item>
        <Form.Item label={t("console.setting.dynamicTitle")}>
          <Switch checked={settings.dynamicTitle} onChange={(dynamicTitle) => changeAndSave({ dynamicTitle })} />
        </Form.Item>
      </Form>
    </Card>
  );
}
