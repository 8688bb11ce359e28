import { CONFIG_KEY_PATTERN, CONFIG_VALUE_MAX, type ConfigBody, type ConfigView } from "@rampart/contracts";
import { App, Button, Form, Input, Modal, Skeleton, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { useLoadedList } from "../loaded-list";
import { useDateTime } from "../monitor/date-time";
import { useWideScreen } from "../search-toggle";
import { LocalizedFields, localized } from "./localized-fields";
import { configsApi } from "./settings-api";
import { useSystemMessages } from "./system-messages";

/**
 * System management → Settings: the named values the product reads (registration open, the
 * contact page's details, ...) and any an operator adds; edit a value, delete one the product
 * does not read.
 */
export default function ConfigsView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Configs title={title} /> : <Skeleton active />;
}

function Configs({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const wide = useWideScreen();
  const [prefix, setPrefix] = useState("");
  const [editing, setEditing] = useState<ConfigView | "new" | null>(null);
  const nameOf = (c: ConfigView) => c.configName[i18n.language] || c.configName.en || c.configKey;

  const fetchRows = useCallback(() => configsApi.list(prefix || undefined), [prefix]);
  const { rows: configs, loading, load } = useLoadedList(fetchRows);

  const remove = (config: ConfigView) =>
    confirmAction(modal, t, {
      title: t("configs.removeTitle", { name: config.configKey }),
      content: t("configs.removeText", { name: config.configKey }),
      action: async () => {
        try {
          await configsApi.remove(config.configKey);
          void message.success(t("configs.removed", { name: config.configKey }));
        } finally {
          await load();
        }
      },
    });

  const columns: ColumnsType<ConfigView> = [
    {
      title: t("configs.columns.configName"),
      key: "name",
      render: (_, config) => (
        <span className="order-no">
          <span>
            {nameOf(config)} {config.builtIn ? <Tag>{t("configs.builtIn")}</Tag> : null}
          </span>
          <code className="order-kind">{config.configKey}</code>
        </span>
      ),
    },
    {
      title: t("configs.columns.configValue"),
      dataIndex: "configValue",
      render: (value: string) => <span className="lead-message">{value || "—"}</span>,
    },
    { title: t("configs.columns.updateTime"), dataIndex: "updateTime", responsive: ["lg"], render: dateTime },
    {
      title: t("configs.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, config) => (
        <Space size={0} wrap>
          <Can permissions={["system:config:edit"]}>
            <Button type="link" size="small" onClick={() => setEditing(config)}>
              {t("configs.edit")}
            </Button>
          </Can>
          {config.builtIn ? null : (
            <Can permissions={["system:config:remove"]}>
              <Button type="link" size="small" danger onClick={() => remove(config)}>
                {t("configs.remove")}
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
        <Can permissions={["system:config:add"]}>
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("configs.add")}
          </Button>
        </Can>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("configs.keyword")}
            aria-label={t("configs.keyword")}
            onSearch={(value) => setPrefix(value.trim())}
            style={{ width: 220 }}
          />
          <Button onClick={() => void load()}>{t("list.refresh")}</Button>
        </Space>
      </div>
      <Table<ConfigView>
        rowKey="configKey"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={configs}
        scroll={{ x: "max-content" }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t("configs.empty") }}
      />
      {editing ? (
        <ConfigDialog
          config={editing === "new" ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void message.success(t("configs.saved", { name: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </div>
  );
}

function ConfigDialog({ config, onClose }: { config: ConfigView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigBody>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: ConfigBody) => {
    setSaving(true);
    const body = { configName: localized(values.configName), configValue: values.configValue ?? "" };
    try {
      if (config) await configsApi.update(config.configKey, body);
      else await configsApi.create({ ...body, configKey: values.configKey.trim() });
      onClose(config?.configKey ?? values.configKey);
    } catch {
      // The request client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={config ? t("configs.editTitle", { name: config.configKey }) : t("configs.addTitle")}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
      width={600}
      destroyOnHidden
    >
      <Form<ConfigBody>
        form={form}
        name="config"
        layout="vertical"
        initialValues={config ?? { configValue: "" }}
        onFinish={submit}
      >
        <Form.Item
          name="configKey"
          label={t("configs.form.configKey")}
          extra={config ? undefined : t("configs.form.configKeyHelp")}
          rules={
            config
              ? []
              : [
                  { required: true, message: t("users.required") },
                  { pattern: new RegExp(CONFIG_KEY_PATTERN), message: t("configs.form.configKeyHelp") },
                ]
          }
        >
          <Input disabled={Boolean(config)} maxLength={100} />
        </Form.Item>
        <Form.Item name="configValue" label={t("configs.form.configValue")} rules={[{ max: CONFIG_VALUE_MAX }]}>
          {/* No autoSize: antd measures with a style attribute, which the CSP refuses. */}
          <Input.TextArea maxLength={CONFIG_VALUE_MAX} rows={3} />
        </Form.Item>
        <div className="user-form__pair">
          <LocalizedFields name="configName" englishLabel={t("configs.form.nameEn")} otherKey="configs.form.other" />
        </div>
      </Form>
    </Modal>
  );
}
