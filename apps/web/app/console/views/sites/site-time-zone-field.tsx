import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { browserTimeZone } from "../../../shared/time-zone/browser-time-zone";
import { TimeZoneSelect } from "../../../shared/time-zone/time-zone-select";

/**
 * The site's time zone: its mails' dates and times are written in it for readers who have not
 * chosen their own (a new site starts in the operator's browser's zone).
 */
export function SiteTimeZoneField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="timeZone"
      label={t("sites.form.timeZone")}
      extra={t("sites.form.timeZoneHelp")}
      initialValue={browserTimeZone() || "UTC"}
    >
      <TimeZoneSelect />
    </Form.Item>
  );
}
