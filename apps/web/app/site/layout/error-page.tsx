import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The page shown for a missing page (404) or a failure while rendering one. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const prefix = status === 404 ? "notFound" : "error";
  return (
    <section className="error-page container">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(`${prefix}.title`)}</h1>
      <p>{t(`${prefix}.text`)}</p>
      <Link className="button button--primary" to="/index">
        {t(`${prefix}.back`)}
      </Link>
    </section>
  );
}
