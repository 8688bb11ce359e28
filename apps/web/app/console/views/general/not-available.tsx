import { Result } from "antd";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";

/** What a menu entry shows when the console has no view for its component (yet). */
export default function NotAvailable({ title, component }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t("console.notAvailableTitle", { title })}
      subTitle={t("console.notAvailableText")}
      extra={<code className="not-available__component">{component}</code>}
    />
  );
}
