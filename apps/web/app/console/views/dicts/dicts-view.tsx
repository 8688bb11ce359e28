import { DICT_TYPE_PATTERN, type DictTypeBody, type DictTypeView } from "@rampart/contracts";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { DialogFields } from "../list-page/dialog-fields";
import { RecordDialog } from "../list-page/form-dialog";
import { useLoadedList } from "../list-page/loaded-list";
import { localized } from "../list-page/localized-fields";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { withViewMessages } from "../parts/view-messages";
import { DictValuesDrawer } from "./dict-values-drawer";
import { dictsApi } from "./dicts-api";

const DICTS_PAGE = listSpec<DictTypeView>("dicts", "dictType", { add: "system:dict:add" });

/**
 * System management → Dictionaries: the value lists pages choose from (statuses, yes/no, ...), with
 * names and labels in every language; add, rename, disable, delete one the product does not read;
 * each list's values in a side panel.
 */
export default withViewMessages("system", function Dicts({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<DictTypeView | null>(null);
  const nameOf = (d: DictTypeView) => d.dictName[i18n.language] || d.dictName.en || d.dictType;

  const list = useLoadedList(dictsApi.types);
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<DictTypeView>(list.load, (name) => t("dicts.saved", { name }));

  const operations = useOperationsColumn<DictTypeView>(t("dicts.columns.operations"), [
    { label: t("dicts.values"), onClick: setOpen },
    { label: t("dicts.edit"), permission: "system:dict:edit", onClick: dialog.openFor },
    removeAction<DictTypeView>(confirmed, t, {
      texts: "dicts",
      permission: "system:dict:remove",
      content: "removeTypeText",
      nameOf,
      run: (dict) => dictsApi.removeType(dict.dictType),
      shown: (dict) => !dict.builtIn,
    }),
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
    <DeclaredListPage spec={DICTS_PAGE} title={title} list={list} columns={columns} onAdd={dialog.openNew}>
      {open ? (
        <DictValuesDrawer
          dict={open}
          onClose={() => {
            setOpen(null);
            void list.load();
          }}
        />
      ) : null}
      {dialog.open ? <DictTypeDialog dict={dialog.record} onClose={dialog.close} /> : null}
    </DeclaredListPage>
  );
});

function DictTypeDialog({ dict, onClose }: { dict: DictTypeView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <RecordDialog<DictTypeBody, string>
      title={dict ? t("dicts.editTypeTitle", { name: dict.dictName.en }) : t("dicts.typeTitle")}
      name="dictType"
      initialValues={dict ?? { status: "0" }}
      save={async (values) => {
        const body = { dictName: localized(values.dictName), status: values.status };
        if (dict) await dictsApi.updateType(dict.dictType, body);
        else await dictsApi.createType({ ...body, dictType: values.dictType });
        return body.dictName.en;
      }}
      onClose={onClose}
    >
      <DialogFields
        fields={[
          {
            name: "dictType",
            label: t("dicts.form.dictType"),
            maxLength: 100,
            disabled: Boolean(dict),
            ...(dict
              ? {}
              : {
                  required: true,
                  extra: t("dicts.form.dictTypeHelp"),
                  rules: [{ pattern: new RegExp(DICT_TYPE_PATTERN), message: t("dicts.form.dictTypeHelp") }],
                }),
          },
        ]}
      />
      <div className="user-form__pair">
        <DialogFields
          fields={[{ kind: "localized", name: "dictName", label: t("dicts.form.nameEn"), other: "dicts.form.other" }]}
        />
      </div>
      <DialogFields fields={[{ kind: "status", name: "status", label: t("dicts.form.status") }]} />
    </RecordDialog>
  );
}
