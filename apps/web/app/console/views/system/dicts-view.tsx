import { DICT_TYPE_PATTERN, type DictTypeBody, type DictTypeView } from "@rampart/contracts";
import { App, Button, Form, Input, Modal, Radio, Skeleton, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { useLoadedList } from "../loaded-list";
import { useWideScreen } from "../search-toggle";
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
  const { modal, message } = App.useApp();
  const wide = useWideScreen();
  const [editing, setEditing] = useState<DictTypeView | "new" | null>(null);
  const [open, setOpen] = useState<DictTypeView | null>(null);
  const nameOf = (d: DictTypeView) => d.dictName[i18n.language] || d.dictName.en || d.dictType;

  const { rows: types, loading, load } = useLoadedList(dictsApi.types);

  const remove = (dict: DictTypeView) =>
    confirmAction(modal, t, {
      title: t("dicts.removeTitle", { name: nameOf(dict) }),
      content: t("dicts.removeTypeText", { name: nameOf(dict) }),
      action: async () => {
        try {
          await dictsApi.removeType(dict.dictType);
          void message.success(t("dicts.removed", { name: nameOf(dict) }));
        } finally {
          await load();
        }
      },
    });

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
    {
      title: t("dicts.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, dict) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpen(dict)}>
            {t("dicts.values")}
          </Button>
          <Can permissions={["system:dict:edit"]}>
            <Button type="link" size="small" onClick={() => setEditing(dict)}>
              {t("dicts.edit")}
            </Button>
          </Can>
          {dict.builtIn ? null : (
            <Can permissions={["system:dict:remove"]}>
              <Button type="link" size="small" danger onClick={() => remove(dict)}>
                {t("dicts.remove")}
              </Button>
            </Can>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      <div className="list-toolbar list-toolbar--spread">
        <Can permissions={["system:dict:add"]}>
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("dicts.add")}
          </Button>
        </Can>
        <Button onClick={() => void load()}>{t("list.refresh")}</Button>
      </div>
      <Table<DictTypeView>
        rowKey="dictType"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={types}
        scroll={{ x: "max-content" }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t("dicts.empty") }}
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
    </div>
  );
}

function DictTypeDialog({ dict, onClose }: { dict: DictTypeView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictTypeBody>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: DictTypeBody) => {
    setSaving(true);
    const body = { dictName: localized(values.dictName), status: values.status };
    try {
      if (dict) await dictsApi.updateType(dict.dictType, body);
      else await dictsApi.createType({ ...body, dictType: values.dictType });
      onClose(body.dictName.en);
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={dict ? t("dicts.editTypeTitle", { name: dict.dictName.en }) : t("dicts.typeTitle")}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
      width={600}
      destroyOnHidden
    >
      <Form<DictTypeBody>
        form={form}
        name="dictType"
        layout="vertical"
        initialValues={dict ?? { status: "0" }}
        onFinish={submit}
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
      </Form>
    </Modal>
  );
}
