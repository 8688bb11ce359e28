import {
  CONFIG_KEY_PATTERN,
  CONFIG_NAME_MAX,
  CONFIG_VALUE_MAX,
  type ConfigBody,
  type ConfigView,
} from "@rampart/contracts";
import { Input, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { DialogFields } from "../list-page/dialog-fields";
import { RecordDialog } from "../list-page/form-dialog";
import { useLoadedList } from "../list-page/loaded-list";
import { localized } from "../list-page/localized-fields";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { useUrlFilters } from "../list-page/url-query";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { configsApi } from "./configs-api";

/** The key prefix searched, kept in the page's address. */
const KEY_FILTER = ["configKey"] as const;
const CONFIGS_PAGE = listSpec<ConfigView>("configs", "configKey", { add: "system:config:add" });

/**
 * System management → Settings: the named values the product reads (registration open, the
 * contact page's details, ...) and any an operator adds; edit a value, delete one the product
 * does not read.
 */
export default withViewMessages("system", function Configs({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const [{ configKey: prefix = "" }, search] = useUrlFilters<{ configKey?: string }>(KEY_FILTER);
  const nameOf = (c: ConfigView) => c.configName[i18n.language] || c.configName.en || c.configKey;

  const fetchRows = useCallback(() => configsApi.list(prefix || undefined), [prefix]);
  const list = useLoadedList(fetchRows);
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<ConfigView>(list.load, (name) => t("configs.saved", { name }));
  const operations = useOperationsColumn<ConfigView>(t("configs.columns.operations"), [
    { label: t("configs.edit"), permission: "system:config:edit", onClick: dialog.openFor },
    removeAction<ConfigView>(confirmed, t, {
      texts: "configs",
      permission: "system:config:remove",
      nameOf: (config) => config.configKey,
      run: (config) => configsApi.remove(config.configKey),
      // What the product reads is not removed.
      shown: (config) => !config.builtIn,
    }),
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
    <DeclaredListPage
      spec={CONFIGS_PAGE}
      title={title}
      list={list}
      columns={columns}
      onAdd={dialog.openNew}
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
    >
      {dialog.open ? <ConfigDialog config={dialog.record} onClose={dialog.close} /> : null}
    </DeclaredListPage>
  );
});

function ConfigDialog({ config, onClose }: { config: ConfigView | null; onClose: (saved: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <RecordDialog<ConfigBody, string>
      title={config ? t("configs.editTitle", { name: config.configKey }) : t("configs.addTitle")}
      name="config"
      initialValues={config ?? { configValue: "" }}
      save={async (values) => {
        const body = { configName: localized(values.configName), configValue: values.configValue ?? "" };
        if (config) await configsApi.update(config.configKey, body);
        else await configsApi.create({ ...body, configKey: values.configKey.trim() });
        return config?.configKey ?? values.configKey;
      }}
      onClose={onClose}
    >
      <DialogFields
        fields={[
          {
            name: "configKey",
            label: t("configs.form.configKey"),
            maxLength: 100,
            disabled: Boolean(config),
            ...(config
              ? {}
              : {
                  required: true,
                  extra: t("configs.form.configKeyHelp"),
                  rules: [{ pattern: new RegExp(CONFIG_KEY_PATTERN), message: t("configs.form.configKeyHelp") }],
                }),
          },
          {
            kind: "textarea",
            name: "configValue",
            label: t("configs.form.configValue"),
            maxLength: CONFIG_VALUE_MAX,
            rows: 3,
            rules: [{ max: CONFIG_VALUE_MAX }],
          },
        ]}
      />
      <div className="user-form__pair">
        <DialogFields
          fields={[
            {
              kind: "localized",
              name: "configName",
              label: t("configs.form.nameEn"),
              other: "configs.form.other",
              maxLength: CONFIG_NAME_MAX,
            },
          ]}
        />
      </div>
    </RecordDialog>
  );
}
