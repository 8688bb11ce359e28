import { LANGUAGE_NAMES, type LocalizedInput } from "@rampart/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

const OTHER_LANGUAGES = ["zh-CN", "zh-TW", "id", "vi"] as const;

/** A text in every language as the server takes it: English, and the others that were filled in. */
export function localized(values: Record<string, string | undefined>): LocalizedInput {
  return Object.fromEntries(
    Object.entries(values).filter(([, text]) => typeof text === "string" && text.trim() !== ""),
  ) as LocalizedInput;
}

/**
 * The form fields of a text in every interface language: English (required) and the four others
 * (optional; English stands in for a blank one). `otherKey` labels them ("{{language}} (optional)");
 * `requiredMessage` is what a blank English one says, when not the system views' "required".
 */
export function LocalizedFields({
  name,
  englishLabel,
  otherKey,
  max = 64,
  requiredMessage,
}: {
  name: string;
  englishLabel: string;
  otherKey: string;
  max?: number;
  requiredMessage?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={[name, "en"]}
        label={englishLabel}
        rules={[{ required: true, whitespace: true, message: requiredMessage ?? t("users.required") }, { max }]}
      >
        <Input maxLength={max} />
      </Form.Item>
      {OTHER_LANGUAGES.map((language) => (
        <Form.Item key={language} name={[name, language]} label={t(otherKey, { language: LANGUAGE_NAMES[language] })}>
          <Input maxLength={max} lang={language} />
        </Form.Item>
      ))}
    </>
  );
}
