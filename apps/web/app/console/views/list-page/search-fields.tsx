import { DatePicker, Form, Input, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** A schema of the contracts as far as a search field reads it: a text's length, a choice's values. */
interface QuerySchema {
  maxLength?: number;
  anyOf?: readonly { const?: unknown }[];
}

/** The values a contract's union of literals allows (`OrderStatus`, a query's `status`), in its order. */
export function choicesOf<Value extends string | number>(schema: unknown): Value[] {
  return ((schema as QuerySchema).anyOf ?? []).flatMap((member) =>
    typeof member.const === "string" || typeof member.const === "number" ? [member.const as Value] : [],
  );
}

/**
 * One field of a list's search, declared: its name in the query (and the page's address), the key
 * of its label (by default `<texts>.search.<name>`), and what kind of field it is:
 * - text (the default): a box, trimmed, as long as the contract's query allows;
 * - a choice: a select of the contract's values (`values`, or read from the query schema), each
 *   labelled by `options` (`<options>.<value>`, or a function);
 * - days: a range of days, sent as beginTime and endTime.
 */
export type SearchField =
  | { kind?: "text"; name: string; label?: string; maxLength?: number; inputMode?: "numeric" | "tel" }
  | {
      kind: "choice";
      name: string;
      label?: string;
      options: string | ((value: string | number, t: TFunction) => string);
      values?: readonly (string | number)[];
      minWidth?: number;
      /** Many values: the select can be typed into to find one. */
      searchable?: boolean;
      /** Numbers (kept as text in the page's address). */
      numeric?: boolean;
    }
  | { kind: "days"; name: string; label?: string; from: string; to: string };

/** A list's search, declared: the texts' prefix, the contract's query schema and its fields. */
export interface SearchSpec {
  /** The form's name (its fields' ids are `${name}_${field}`). */
  name: string;
  /** A short search set in the toolbar itself, its Add button beside it (no Show search, no Refresh). */
  inToolbar?: boolean;
  /** Where the fields' labels are, when not under `<texts>.search`. */
  labels?: string;
  /** The query's schema in the contracts (TypeBox): lengths and choices come from it. */
  query?: { properties: object };
  fields: readonly SearchField[];
}

/**
 * A list's search, declared: the form's name, the contract's query schema (or none, for a search
 * made in the browser), its fields, and where their labels are when not under `<texts>.search`.
 */
export function searchSpec(
  name: string,
  query: SearchSpec["query"],
  fields: readonly SearchField[],
  labels?: string,
): SearchSpec {
  return { name, ...(query ? { query } : {}), fields, ...(labels ? { labels } : {}) };
}

/**
 * The search with a choice's values known only as the page opens (the sites the operator sees),
 * labelled by `options`; with no values the field is left out.
 */
export function withChoices(
  spec: SearchSpec,
  name: string,
  values: readonly (string | number)[],
  options: (value: string | number, t: TFunction) => string,
  more: { searchable?: boolean } = {},
): SearchSpec {
  return {
    ...spec,
    fields: spec.fields.flatMap((field) =>
      field.name !== name || field.kind !== "choice"
        ? [field]
        : values.length
          ? [{ ...field, values, options, ...more }]
          : [],
    ),
  };
}

/** The search's keys in the page's address: each field's name, a range of days as beginTime and endTime. */
export function searchKeys<Filters extends object>(spec: SearchSpec | undefined): readonly (keyof Filters & string)[] {
  return (spec?.fields ?? []).flatMap((field) =>
    field.kind === "days" ? ["beginTime", "endTime"] : [field.name],
  ) as (keyof Filters & string)[];
}

type FormValues = Record<string, string | number | [Dayjs | null, Dayjs | null] | null | undefined>;

/** The search form's values as the list's query: texts trimmed, blank ones and empty choices left out. */
export function searchFilters(spec: SearchSpec, values: FormValues): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of spec.fields) {
    const value = values[field.name];
    if (field.kind === "days") {
      const [from, to] = (value as [Dayjs | null, Dayjs | null] | null | undefined) ?? [];
      if (from) filters.beginTime = from.format("YYYY-MM-DD");
      if (to) filters.endTime = to.format("YYYY-MM-DD");
    } else if (typeof value === "string" && value.trim()) filters[field.name] = value.trim();
    else if (typeof value === "number") filters[field.name] = String(value);
  }
  return filters;
}

/** The search form as the page's address has it: a range of days as dates, a number's choice as a number. */
export function searchForm(spec: SearchSpec, filters: Partial<Record<string, string>>): FormValues {
  const day = (text: string | undefined) =>
    text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? dayjs(text) : null;
  const values: FormValues = {};
  for (const field of spec.fields) {
    if (field.kind === "days") {
      if (filters.beginTime || filters.endTime) values[field.name] = [day(filters.beginTime), day(filters.endTime)];
      continue;
    }
    const text = filters[field.name];
    if (text === undefined) continue;
    values[field.name] =
      field.kind === "choice" && (field.numeric || typeof field.values?.[0] === "number") ? Number(text) : text;
  }
  return values;
}

/** The declared fields of a search form, as antd form items. */
export function SearchFields({ spec, texts }: { spec: SearchSpec; texts: string }) {
  const { t } = useTranslation();
  const schemaOf = (name: string) => (spec.query?.properties as Record<string, QuerySchema> | undefined)?.[name];
  return spec.fields.map((field) => {
    const label = t(field.label ?? `${spec.labels ?? `${texts}.search`}.${field.name}`);
    if (field.kind === "days")
      return (
        <Form.Item key={field.name} name={field.name} label={label}>
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t(field.from), t(field.to)]} />
        </Form.Item>
      );
    if (field.kind === "choice") {
      const values = field.values ?? choicesOf(schemaOf(field.name));
      const optionLabel =
        typeof field.options === "string"
          ? (value: string | number) => t(`${field.options}.${value}`)
          : (value: string | number) => (field.options as (value: string | number, t: TFunction) => string)(value, t);
      return (
        <Form.Item key={field.name} name={field.name} label={label}>
          <Select
            allowClear
            {...(field.searchable ? { showSearch: true, optionFilterProp: "label" } : {})}
            placeholder={t("list.any")}
            options={values.map((value) => ({ value, label: optionLabel(value) }))}
            style={{ minWidth: field.minWidth ?? 120 }}
          />
        </Form.Item>
      );
    }
    return (
      <Form.Item key={field.name} name={field.name} label={label}>
        <Input
          allowClear
          maxLength={field.maxLength ?? schemaOf(field.name)?.maxLength ?? 64}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
        />
      </Form.Item>
    );
  });
}
