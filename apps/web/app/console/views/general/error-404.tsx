import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A console path that is not among the user's pages. */
export default function Error404() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t("console.notFoundText")}
      extra={
        <Button type="primary">
          <Link to="/control/customer">{t("console.backToConsole")}</Link>
        </Button>
      }
    />
  );
}
