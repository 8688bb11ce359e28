import { Button, Form, type FormInstance, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchToggle } from "./search-toggle";

/** A range picker's days as a list query's beginTime and endTime (YYYY-MM-DD; an open end is left out). */
export function dayRangeParams(days: [Dayjs | null, Dayjs | null] | null | undefined) {
  const [from, to] = days ?? [];
  return {
    ...(from ? { beginTime: from.format("YYYY-MM-DD") } : {}),
    ...(to ? { endTime: to.format("YYYY-MM-DD") } : {}),
  };
}

/**
 * A search form's values from the search its page's address keeps: the text fields as they are,
 * and beginTime/endTime as the range picker `rangeField` (the reverse of dayRangeParams).
 */
export function searchFormOf<Values>(filters: Partial<Record<string, string>>, rangeField = "created"): Values {
  const { beginTime, endTime, ...fields } = filters;
  const day = (text: string | undefined) =>
    text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? dayjs(text) : null;
  return {
    ...fields,
    ...(beginTime || endTime ? { [rangeField]: [day(beginTime), day(endTime)] } : {}),
  } as Values;
}

/** What a search form needs of its list (usePagedList): the search it keeps, a new one, a reload. */
export interface SearchedList<Filters> {
  filters: Filters;
  search: (filters: Filters) => void;
  load: () => Promise<void>;
}

/**
 * The head of a list page (RuoYi's): a toolbar to show or hide the search and to refresh, and the
 * search form, whose fields are the children, ending in Search and Reset. The form opens with the
 * search the page's address keeps (`formOf`, by default searchFormOf), Search puts the values
 * (`filtersOf`) in the address, Reset empties the form and the search.
 */
export function ListSearch<Values extends object, Filters extends Partial<Record<string, string>>>({
  name,
  form,
  list,
  filtersOf,
  rangeField = "created",
  formOf = (filters) => searchFormOf<Values>(filters, rangeField),
  children,
}: {
  name: string;
  form: FormInstance<Values>;
  list: SearchedList<Filters>;
  filtersOf: (values: Values) => Filters;
  /** The range picker that beginTime and endTime fill. */
  rangeField?: string;
  formOf?: (filters: Filters) => Values;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { wide, showSearch, toggle } = useSearchToggle();
  return (
    <>
      <div className="list-toolbar">
        {toggle}
        <Button onClick={() => void list.load()}>{t("list.refresh")}</Button>
      </div>
      <Form
        form={form}
        name={name}
        layout={wide ? "inline" : "vertical"}
        className="search-form"
        hidden={!showSearch}
        initialValues={formOf(list.filters)}
        onFinish={(values) => list.search(filtersOf(values))}
      >
        {children}
        <Form.Item>
          <SearchButtons
            onReset={() => {
              // Empty, not back to what the page opened with (the address's search).
              form.setFieldsValue(
                Object.fromEntries(Object.keys(form.getFieldsValue()).map((field) => [field, undefined])) as never,
              );
              list.search(filtersOf({} as Values));
            }}
          />
        </Form.Item>
      </Form>
    </>
  );
}

/** A search form's Search (its submit) and Reset. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t("list.search")}
      </Button>
      <Button onClick={onReset}>{t("list.reset")}</Button>
    </Space>
  );
}
