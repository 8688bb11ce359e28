import { Button, Form, type FormInstance, Space } from "antd";
import type { Dayjs } from "dayjs";
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
 * The head of a list page (RuoYi's): a toolbar to show or hide the search and to refresh, and the
 * search form, whose fields are the children, ending in Search and Reset (Reset empties the form
 * and searches again).
 */
export function ListSearch<Values extends object>({
  name,
  form,
  onSearch,
  onRefresh,
  children,
}: {
  name: string;
  form: FormInstance<Values>;
  onSearch: (values: Values) => void;
  onRefresh: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { wide, showSearch, toggle } = useSearchToggle();
  return (
    <>
      <div className="list-toolbar">
        {toggle}
        <Button onClick={onRefresh}>{t("list.refresh")}</Button>
      </div>
      <Form
        form={form}
        name={name}
        layout={wide ? "inline" : "vertical"}
        className="search-form"
        hidden={!showSearch}
        onFinish={onSearch}
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t("list.search")}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({} as Values);
              }}
            >
              {t("list.reset")}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
