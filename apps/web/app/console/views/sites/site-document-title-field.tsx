import { DOCUMENT_TITLES } from "@rampart/contracts";
import { Form, Radio } from "antd";
import { useTranslation } from "react-i18next";

/**
 * What the site's documents for a payment are called: a receipt or a commercial invoice (the PDF,
 * its file name, the payment mail, in each language). Neither is a tax invoice, which Rampart does
 * not issue; the PDF says so.
 */
export function SiteDocumentTitleField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={["billing", "documentTitle"]}
      label={t("sites.form.documentTitle")}
      extra={t("sites.form.documentTitleHelp")}
      initialValue="receipt"
    >
      <Radio.Group
        optionType="button"
        options={DOCUMENT_TITLES.map((title) => ({ value: title, label: t(`sites.form.documentTitles.${title}`) }))}
      />
    </Form.Item>
  );
}
