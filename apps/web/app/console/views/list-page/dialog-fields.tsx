import { Form, Input, InputNumber, Radio, Select, Switch } from "antd";
import type { Rule } from "antd/es/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedFields } from "./localized-fields";

/**
 * One field of a record's dialog, declared: its name, its label (text already in the user's
 * language), whether it must be filled (`required`: the message, or true for "required"), and its
 * kind with what the kind needs. A field only a new record has is left out of an edit with `shown`.
 */
export type DialogField = {
  name: string;
  label: string;
  required?: boolean | string;
  extra?: ReactNode;
  rules?: Rule[];
  disabled?: boolean;
} & (
  | { kind?: "text"; maxLength: number; inputMode?: "numeric" | "email" | "url" }
  | { kind: "textarea"; maxLength: number; rows: number }
  | { kind: "number"; min: number; max: number }
  | { kind: "switch" }
  /** Enabled or disabled (RuoYi's status "0" or "1"), as two buttons. */
  | { kind: "status" }
  | { kind: "select"; options: { value: string | number; label: ReactNode }[]; multiple?: boolean }
  /** A text in every interface language (English required), `label` for English, `other` the others' key. */
  | { kind: "localized"; other: string; maxLength?: number }
);

/** The declared fields of a record's dialog, as antd form items. */
export function DialogFields({ fields }: { fields: readonly (DialogField | false)[] }) {
  const { t } = useTranslation();
  return fields.map((field) => {
    if (!field) return null;
    if (field.kind === "localized")
      return (
        <LocalizedFields
          key={field.name}
          name={field.name}
          englishLabel={field.label}
          otherKey={field.other}
          {...(field.maxLength ? { max: field.maxLength } : {})}
        />
      );
    const required = field.required
      ? [
          {
            required: true,
            whitespace: field.kind === undefined || field.kind === "text" || field.kind === "textarea",
            message: typeof field.required === "string" ? field.required : t("users.required"),
          },
        ]
      : [];
    const rules = [...required, ...(field.rules ?? [])];
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={field.label}
        {...(field.extra ? { extra: field.extra } : {})}
        {...(rules.length ? { rules } : {})}
        {...(field.kind === "switch" ? { valuePropName: "checked" } : {})}
      >
        {control(field, t)}
      </Form.Item>
    );
  });
}

function control(field: DialogField, t: (key: string) => string): ReactNode {
  const disabled = field.disabled ? { disabled: true } : {};
  switch (field.kind) {
    case "textarea":
      // No autoSize: antd measures with a style attribute, which the CSP refuses.
      return <Input.TextArea maxLength={field.maxLength} rows={field.rows} {...disabled} />;
    case "number":
      return <InputNumber min={field.min} max={field.max} precision={0} style={{ width: "100%" }} {...disabled} />;
    case "switch":
      return <Switch {...disabled} />;
    case "status":
      return (
        <Radio.Group
          optionType="button"
          options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
        />
      );
    case "select":
      return (
        <Select options={field.options} {...(field.multiple ? { mode: "multiple" as const } : {})} {...disabled} />
      );
    case "localized":
      return null;
    default:
      return (
        <Input maxLength={field.maxLength} {...(field.inputMode ? { inputMode: field.inputMode } : {})} {...disabled} />
      );
  }
}
