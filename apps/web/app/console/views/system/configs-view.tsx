import { CONFIG_KEY_PATTERN, CONFIG_VALUE_MAX, type ConfigBody, type ConfigView } from "@rampart/contracts";
import { App, Button, Form, Input, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { FormDialog } from "../list-page/form-dialog";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useUrlFilters } from "../list-page/url-query";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { useDateTime } from "../monitor/date-time";
import { LocalizedFields, localized } from "./localized-fields";
import { configsApi } from "./settings-api";
import { useSystemMessages } from "./system-messages";

/** The key prefix searched, kept in the page's address. */
const KEY_FILTER = ["configKey"] as const;

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
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [{ configKey: prefix = "" }, search] = useUrlFilters<{ configKey?: string }>(KEY_FILTER);
  const [editing, setEditing] = useState<ConfigView | "new" | null>(null);
  const nameOf = (c: ConfigView) => c.configName[i18n.language] || c.configName.en || c.configKey;

  const fetchRows = useCallback(() => configsApi.list(prefix || undefined), [prefix]);
  const { rows: configs, loading, load } = useLoadedList(fetchRows);

  const confirmed = useConfirmedAction(load);
  const operations = useOperationsColumn<ConfigView>(t("configs.columns.operations"), [
    { label: t("configs.edit"), permission: "system:config:edit", onClick: (config) => setEditing(config) },
    {
      label: t("configs.remove"),
      permission: "system:config:remove",
      danger: true,
      // What the product reads is not removed.
      shown: (config) => !config.builtIn,
      onClick: (config) =>
        confirmed({
          title: t("configs.removeTitle", { name: config.configKey }),
          content: t("configs.removeText", { name: config.configKey }),
          run: () => configsApi.remove(config.configKey),
          done: t("configs.removed", { name: config.configKey }),
        }),
    },
  ]);

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
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListToolbar
        actions={
          <Can permissions={["system:config:add"]}>
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("configs.add")}
            </Button>
          </Can>
        }
        tools={
          <Input.Search
            allowClear
            placeholder={t("configs.keyword")}
            aria-label={t("configs.keyword")}
            defaultValue={prefix}
            onSearch={(value) => search({ configKey: value.trim() })}
            style={{ width: 220 }}
          />
        }
        onRefresh={() => void load()}
      />
      <ListTable<ConfigView>
        rowKey="configKey"
        loading={loading}
        columns={columns}
        dataSource={configs}
        emptyText={t("configs.empty")}
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
    </ListPage>
  );
}

function ConfigDialog({ config, onClose }: { config: ConfigView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigBody>();
  const { saving, submit } = useSaveDialog(async (values: ConfigBody) => {
    const body = { configName: localized(values.configName), configValue: values.configValue ?? "" };
    if (config) await configsApi.update(config.configKey, body);
    else await configsApi.create({ ...body, configKey: values.configKey.trim() });
    return config?.configKey ?? values.configKey;
  }, onClose);
  return (
    <FormDialog<ConfigBody>
      title={config ? t("configs.editTitle", { name: config.configKey }) : t("configs.addTitle")}
      form={form}
      name="config"
      initialValues={config ?? { configValue: "" }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
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
    </FormDialog>
  );
}
