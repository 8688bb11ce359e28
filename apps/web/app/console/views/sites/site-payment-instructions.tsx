import { LANGUAGE_NAMES, LANGUAGES, PAYMENT_INSTRUCTIONS_MAX, type PaymentInstructions } from "@rampart/contracts";
import type { CollapseProps } from "antd";
import { Form, Input } from "antd";
import type { TFunction } from "i18next";

/** Every language's instructions as a string (antd leaves a field the user never touched undefined). */
export function paymentInstructionsOf(values: PaymentInstructions): PaymentInstructions {
  return Object.fromEntries(LANGUAGES.map((language) => [language, values[language] ?? ""]));
}

/**
 * The site dialog's folded section for paying by bank transfer: the site's bank details and how to
 * pay, one plain text per language (line breaks kept), shown to its customers on the order
 * confirmation, in the order mail and with an unpaid order in My orders.
 */
export function paymentInstructionsSection(t: TFunction): NonNullable<CollapseProps["items"]>[number] {
  return {
    key: "paymentInstructions",
    label: t("sites.form.paymentInstructions"),
    children: (
      <>
        <p className="site-dialog__help">{t("sites.form.paymentInstructionsHelp")}</p>
        {LANGUAGES.map((language) => (
          <Form.Item
            key={language}
            name={["paymentInstructions", language]}
            label={LANGUAGE_NAMES[language]}
            rules={[{ max: PAYMENT_INSTRUCTIONS_MAX }]}
          >
            <Input.TextArea
              lang={language}
              rows={5}
              maxLength={PAYMENT_INSTRUCTIONS_MAX}
              placeholder={language === "en" ? t("sites.form.paymentInstructionsPlaceholder") : undefined}
            />
          </Form.Item>
        ))}
      </>
    ),
  };
}
