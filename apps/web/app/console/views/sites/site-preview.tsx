import { useTranslation } from "react-i18next";
import { accessibleColor } from "../../../shared/branding/accessible-color";

/**
 * How a site's header and main button look with the branding being edited: the logo (or the
 * company's initial), the name, the theme colour (darkened when white text would be hard to read,
 * as the public pages do) and the contact way.
 */
export function SitePreview({
  company,
  themeColor,
  logo,
  contactWay,
}: {
  company: string;
  themeColor: string;
  logo: string;
  contactWay: string;
}) {
  const { t } = useTranslation();
  const valid = /^#[0-9a-f]{6}$/i.test(themeColor);
  const colour = valid ? accessibleColor(themeColor) : "#006eff";
  const name = company.trim() || "—";
  return (
    <figure className="site-preview" aria-label={t("sites.form.preview")}>
      <figcaption className="site-preview__caption">{t("sites.form.preview")}</figcaption>
      <div className="site-preview__header" style={{ borderBottomColor: colour }}>
        {logo ? (
          <img className="site-preview__logo" src={logo} alt="" />
        ) : (
          <span className="site-preview__initial" style={{ background: colour }}>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="site-preview__name">{name}</span>
      </div>
      <p className="site-preview__nav">{t("sites.form.previewNav")}</p>
      <span className="site-preview__button" style={{ background: colour }}>
        {t("sites.form.previewButton")}
      </span>
      {contactWay.trim() ? <p className="site-preview__contact">{contactWay}</p> : null}
    </figure>
  );
}
