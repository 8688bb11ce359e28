import { DICT_LIST_CLASSES, type DictDataBody, type DictDataView, type DictTypeView } from "@rampart/contracts";
import { Button, Drawer, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { DialogFields } from "../list-page/dialog-fields";
import { RecordDialog } from "../list-page/form-dialog";
import { ListTable } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { localized } from "../list-page/localized-fields";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { dictsApi } from "./dicts-api";

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
  const labelOf = (v: DictDataView) => v.dictLabel[i18n.language] || v.dictLabel.en || v.dictValue;
  const dictName = dict.dictName[i18n.language] || dict.dictName.en || dict.dictType;

  const fetchRows = useCallback(() => dictsApi.values(dict.dictType), [dict.dictType]);
  const { rows: values, loading, load } = useLoadedList(fetchRows);
  const confirmed = useConfirmedAction(load);
  const dialog = useRecordDialog<DictDataView>(load, (name) => t("dicts.saved", { name }));

  const operations = useOperationsColumn<DictDataView>(t("dicts.columns.operations"), [
    { label: t("dicts.edit"), permission: "system:dict:edit", onClick: dialog.openFor },
    removeAction<DictDataView>(confirmed, t, {
      texts: "dicts",
      permission: "system:dict:remove",
      content: "removeValueText",
      nameOf: labelOf,
      run: (value) => dictsApi.removeValue(value.dictCode),
    }),
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
          <Button type="primary" onClick={dialog.openNew}>
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
      {dialog.open ? (
        <DictValueDialog dictType={dict.dictType} dictName={dictName} value={dialog.record} onClose={dialog.close} />
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
  return (
    <RecordDialog<DictDataBody, string>
      title={
        value ? t("dicts.editValueTitle", { name: value.dictLabel.en }) : t("dicts.valueTitle", { name: dictName })
      }
      name="dictValue"
      initialValues={value ?? { dictSort: 10, listClass: "default", cssClass: "", isDefault: false, status: "0" }}
      save={async (values) => {
        const body: DictDataBody = {
          ...values,
          dictType,
          dictLabel: localized(values.dictLabel),
          cssClass: values.cssClass ?? "",
        };
        if (value) await dictsApi.updateValue(value.dictCode, body);
        else await dictsApi.createValue(body);
        return body.dictLabel.en;
      }}
      onClose={onClose}
    >
      <div className="user-form__pair">
        <DialogFields
          fields={[
            { name: "dictValue", label: t("dicts.form.value"), required: true, maxLength: 100 },
            { kind: "number", name: "dictSort", label: t("dicts.form.sort"), min: 0, max: 9999 },
            { kind: "localized", name: "dictLabel", label: t("dicts.form.labelEn"), other: "dicts.form.other" },
            {
              kind: "select",
              name: "listClass",
              label: t("dicts.form.listClass"),
              options: DICT_LIST_CLASSES.map((c) => ({
                value: c,
                label: <Tag color={TAG_COLOURS[c]}>{t(`dicts.classes.${c}`)}</Tag>,
              })),
            },
            {
              name: "cssClass",
              label: t("dicts.form.cssClass"),
              maxLength: 100,
              rules: [{ pattern: /^[A-Za-z0-9_ -]*$/ }],
            },
            { kind: "switch", name: "isDefault", label: t("dicts.form.isDefault") },
            { kind: "status", name: "status", label: t("dicts.form.status") },
          ]}
        />
      </div>
    </RecordDialog>
  );
}
