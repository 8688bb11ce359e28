import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** /401: the visitor may not see what they asked for. */
export default function Error401() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t("console.error401Text")}
      extra={[
        <Button key="login" type="primary">
          <Link to="/admin/login">{t("auth.login")}</Link>
        </Button>,
        <Button key="home">
          <a href="/index">{t("auth.backHome")}</a>
        </Button>,
      ]}
    />
  );
}
