import { DatePicker, Form, type FormInstance, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { dayRangeParams, ListSearch, type SearchedList } from "../list-search";
import type { UserFilters } from "./users-api";

export interface UserSearchForm {
  userName?: string;
  phonenumber?: string;
  status?: "0" | "1";
  created?: [Dayjs | null, Dayjs | null] | null;
}

function filtersOf(form: UserSearchForm): UserFilters {
  return {
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.phonenumber?.trim() ? { phonenumber: form.phonenumber.trim() } : {}),
    ...(form.status ? { status: form.status } : {}),
    ...dayRangeParams(form.created),
  };
}

/** The search's fields, kept in the page's address (with the page, its size and the sort). */
export const USER_FILTERS = ["userName", "phonenumber", "status", "beginTime", "endTime"] as const;

/** The users' search: name, phone number, status and when the account was made. */
export function UsersSearch({ form, list }: { form: FormInstance<UserSearchForm>; list: SearchedList<UserFilters> }) {
  const { t } = useTranslation();
  return (
    <ListSearch name="userSearch" form={form} list={list} filtersOf={filtersOf}>
      <Form.Item name="userName" label={t("users.search.userName")}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="phonenumber" label={t("users.search.phonenumber")}>
        <Input allowClear maxLength={32} inputMode="tel" />
      </Form.Item>
      <Form.Item name="status" label={t("users.search.status")}>
        <Select
          allowClear
          placeholder={t("list.any")}
          options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
          style={{ minWidth: 120 }}
        />
      </Form.Item>
      <Form.Item name="created" label={t("users.search.created")}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t("users.search.from"), t("users.search.to")]}
        />
      </Form.Item>
    </ListSearch>
  );
}
