import { DICT_LIST_CLASSES, type DictDataBody, type DictDataView, type DictTypeView } from "@rampart/contracts";
import { App, Button, Drawer, Form, Input, InputNumber, Radio, Select, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { FormDialog } from "../list-page/form-dialog";
import { ListTable } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { LocalizedFields, localized } from "./localized-fields";
import { dictsApi } from "./settings-api";

/** antd's tag colour for each list class. */
const TAG_COLOURS: Record<string, string> = {
  default: "default",
  primary: "blue",
  success: "green",
  info: "cyan",
  warning: "orange",
  danger: "red",
};

/** A dictionary's values in a side panel: label (every language), value, order, colour; add, edit, delete. */
export function DictValuesDrawer({ dict, onClose }: { dict: DictTypeView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<DictDataView | "new" | null>(null);
  const labelOf = (v: DictDataView) => v.dictLabel[i18n.language] || v.dictLabel.en || v.dictValue;
  const dictName = dict.dictName[i18n.language] || dict.dictName.en || dict.dictType;

  const fetchRows = useCallback(() => dictsApi.values(dict.dictType), [dict.dictType]);
  const { rows: values, loading, load } = useLoadedList(fetchRows);
  const confirmed = useConfirmedAction(load);

  const remove = (value: DictDataView) =>
    confirmed({
      title: t("dicts.removeTitle", { name: labelOf(value) }),
      content: t("dicts.removeValueText", { name: labelOf(value) }),
      run: () => dictsApi.removeValue(value.dictCode),
      done: t("dicts.removed", { name: labelOf(value) }),
    });

  const operations = useOperationsColumn<DictDataView>(t("dicts.columns.operations"), [
    { label: t("dicts.edit"), permission: "system:dict:edit", onClick: (value) => setEditing(value) },
    { label: t("dicts.remove"), permission: "system:dict:remove", danger: true, onClick: (value) => remove(value) },
  ]);
  const columns: ColumnsType<DictDataView> = [
    {
      title: t("dicts.columns.label"),
      key: "label",
      render: (_, value) => (
        <Tag color={TAG_COLOURS[value.listClass] ?? "default"}>
          {labelOf(value)}
          {value.status === "1" ? " ·" : ""}
        </Tag>
      ),
    },
    { title: t("dicts.columns.value"), dataIndex: "dictValue", render: (v: string) => <code>{v}</code> },
    { title: t("dicts.columns.sort"), dataIndex: "dictSort" },
    {
      title: t("dicts.columns.isDefault"),
      dataIndex: "isDefault",
      render: (isDefault: boolean) => (isDefault ? t("dicts.yes") : ""),
    },
    operations,
  ];

  return (
    <Drawer open width={640} title={t("dicts.valuesTitle", { name: dictName })} onClose={onClose}>
      <div className="list-toolbar list-toolbar--start">
        <Can permissions={["system:dict:add"]}>
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("dicts.addValue")}
          </Button>
        </Can>
      </div>
      <ListTable<DictDataView>
        rowKey="dictCode"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={values}
        pagination={false}
        emptyText={t("dicts.emptyValues")}
      />
      {editing ? (
        <DictValueDialog
          dictType={dict.dictType}
          dictName={dictName}
          value={editing === "new" ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void message.success(t("dicts.saved", { name: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </Drawer>
  );
}

function DictValueDialog({
  dictType,
  dictName,
  value,
  onClose,
}: {
  dictType: string;
  dictName: string;
  value: DictDataView | null;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictDataBody>();
  const { saving, submit } = useSaveDialog(async (values: DictDataBody) => {
    const body: DictDataBody = {
      ...values,
      dictType,
      dictLabel: localized(values.dictLabel),
      cssClass: values.cssClass ?? "",
    };
    if (value) await dictsApi.updateValue(value.dictCode, body);
    else await dictsApi.createValue(body);
    return body.dictLabel.en;
  }, onClose);
  return (
    <FormDialog<DictDataBody>
      title={
        value ? t("dicts.editValueTitle", { name: value.dictLabel.en }) : t("dicts.valueTitle", { name: dictName })
      }
      form={form}
      name="dictValue"
      initialValues={value ?? { dictSort: 10, listClass: "default", cssClass: "", isDefault: false, status: "0" }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
    >
      <div className="user-form__pair">
        <Form.Item
          name="dictValue"
          label={t("dicts.form.value")}
          rules={[{ required: true, whitespace: true, message: t("users.required") }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="dictSort" label={t("dicts.form.sort")}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <LocalizedFields name="dictLabel" englishLabel={t("dicts.form.labelEn")} otherKey="dicts.form.other" />
        <Form.Item name="listClass" label={t("dicts.form.listClass")}>
          <Select
            options={DICT_LIST_CLASSES.map((c) => ({
              value: c,
              label: <Tag color={TAG_COLOURS[c]}>{t(`dicts.classes.${c}`)}</Tag>,
            }))}
          />
        </Form.Item>
        <Form.Item name="cssClass" label={t("dicts.form.cssClass")} rules={[{ pattern: /^[A-Za-z0-9_ -]*$/ }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="isDefault" label={t("dicts.form.isDefault")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="status" label={t("dicts.form.status")}>
          <Radio.Group
            optionType="button"
            options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
          />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
