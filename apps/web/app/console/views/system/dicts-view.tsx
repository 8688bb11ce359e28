import { DICT_TYPE_PATTERN, type DictTypeBody, type DictTypeView } from "@rampart/contracts";
import { App, Button, Form, Input, Radio, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { FormDialog } from "../list-page/form-dialog";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { DictValuesDrawer } from "./dict-values-drawer";
import { LocalizedFields, localized } from "./localized-fields";
import { dictsApi } from "./settings-api";
import { useSystemMessages } from "./system-messages";

/**
 * System management → Dictionaries: the value lists pages choose from (statuses, yes/no, ...), with
 * names and labels in every language; add, rename, disable, delete one the product does not read;
 * each list's values in a side panel.
 */
export default function DictsView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Dicts title={title} /> : <Skeleton active />;
}

function Dicts({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<DictTypeView | "new" | null>(null);
  const [open, setOpen] = useState<DictTypeView | null>(null);
  const nameOf = (d: DictTypeView) => d.dictName[i18n.language] || d.dictName.en || d.dictType;

  const { rows: types, loading, load } = useLoadedList(dictsApi.types);
  const confirmed = useConfirmedAction(load);

  const remove = (dict: DictTypeView) =>
    confirmed({
      title: t("dicts.removeTitle", { name: nameOf(dict) }),
      content: t("dicts.removeTypeText", { name: nameOf(dict) }),
      run: () => dictsApi.removeType(dict.dictType),
      done: t("dicts.removed", { name: nameOf(dict) }),
    });

  const operations = useOperationsColumn<DictTypeView>(t("dicts.columns.operations"), [
    { label: t("dicts.values"), onClick: (dict) => setOpen(dict) },
    { label: t("dicts.edit"), permission: "system:dict:edit", onClick: (dict) => setEditing(dict) },
    {
      label: t("dicts.remove"),
      permission: "system:dict:remove",
      danger: true,
      shown: (dict) => !dict.builtIn,
      onClick: (dict) => remove(dict),
    },
  ]);
  const columns: ColumnsType<DictTypeView> = [
    {
      title: t("dicts.columns.dictName"),
      key: "name",
      render: (_, dict) => (
        <span className="order-no">
          <span>
            {nameOf(dict)} {dict.builtIn ? <Tag>{t("dicts.builtIn")}</Tag> : null}
          </span>
          <code className="order-kind">{dict.dictType}</code>
        </span>
      ),
    },
    { title: t("dicts.columns.values"), dataIndex: "values" },
    {
      title: t("dicts.columns.status"),
      dataIndex: "status",
      render: (status: string) => (
        <Tag color={status === "0" ? "green" : "default"}>{t(`users.statuses.${status === "1" ? "1" : "0"}`)}</Tag>
      ),
    },
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListToolbar
        actions={
          <Can permissions={["system:dict:add"]}>
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("dicts.add")}
            </Button>
          </Can>
        }
        onRefresh={() => void load()}
      />
      <ListTable<DictTypeView>
        rowKey="dictType"
        loading={loading}
        columns={columns}
        dataSource={types}
        emptyText={t("dicts.empty")}
      />
      {open ? (
        <DictValuesDrawer
          dict={open}
          onClose={() => {
            setOpen(null);
            void load();
          }}
        />
      ) : null}
      {editing ? (
        <DictTypeDialog
          dict={editing === "new" ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void message.success(t("dicts.saved", { name: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
}

function DictTypeDialog({ dict, onClose }: { dict: DictTypeView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictTypeBody>();
  const { saving, submit } = useSaveDialog(async (values: DictTypeBody) => {
    const body = { dictName: localized(values.dictName), status: values.status };
    if (dict) await dictsApi.updateType(dict.dictType, body);
    else await dictsApi.createType({ ...body, dictType: values.dictType });
    return body.dictName.en;
  }, onClose);
  return (
    <FormDialog<DictTypeBody>
      title={dict ? t("dicts.editTypeTitle", { name: dict.dictName.en }) : t("dicts.typeTitle")}
      form={form}
      name="dictType"
      initialValues={dict ?? { status: "0" }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
    >
      <Form.Item
        name="dictType"
        label={t("dicts.form.dictType")}
        extra={dict ? undefined : t("dicts.form.dictTypeHelp")}
        rules={
          dict
            ? []
            : [
                { required: true, message: t("users.required") },
                { pattern: new RegExp(DICT_TYPE_PATTERN), message: t("dicts.form.dictTypeHelp") },
              ]
        }
      >
        <Input disabled={Boolean(dict)} maxLength={100} />
      </Form.Item>
      <div className="user-form__pair">
        <LocalizedFields name="dictName" englishLabel={t("dicts.form.nameEn")} otherKey="dicts.form.other" />
      </div>
      <Form.Item name="status" label={t("dicts.form.status")}>
        <Radio.Group
          optionType="button"
          options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
