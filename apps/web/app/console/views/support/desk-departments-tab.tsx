import { type DepartmentBody, type DepartmentView, LANGUAGES } from "@rampart/contracts";
import { Button, Form, Input, InputNumber, Select, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { RecordDialog } from "../list-page/form-dialog";
import { ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { LocalizedFields } from "../list-page/localized-fields";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import type { DeskSettingsScope } from "./desk-settings-tabs";
import { deskApi } from "./support-api";

interface DepartmentForm {
  name: Partial<Record<(typeof LANGUAGES)[number], string>>;
  email?: string;
  sort: number;
  enabled: boolean;
  siteId: number | "all";
}

/**
 * Desk settings → Departments: where customers file their tickets, the operator's (their site's,
 * or for one bound to none the installation's and every site's); added and changed in a dialog:
 * the name in the five languages, the receiving address, the order, enabled, and (new, for an
 * operator bound to no site) whose it is.
 */
export function DeskDepartmentsTab({ scope }: { scope: DeskSettingsScope }) {
  const { t } = useTranslation();
  const { rows, loading, load } = useLoadedList(deskApi.departments);
  // The server's own words ("Department saved").
  const dialog = useRecordDialog<DepartmentView>(load, (said: string) => said);
  const operations = useOperationsColumn<DepartmentView>(t("deskSettings.operations"), [
    {
      label: t("deskSettings.edit"),
      permission: "business:ticket:edit",
      // A site's operator changes their site's departments, not the installation's.
      shown: (row) => !scope.siteBound || row.siteId !== null,
      onClick: dialog.openFor,
    },
  ]);
  const columns: ColumnsType<DepartmentView> = [
    {
      title: t("deskSettings.departments.columns.name"),
      dataIndex: "name",
      render: (name: string) => <strong>{name}</strong>,
    },
    ...(scope.siteBound
      ? []
      : [
          {
            title: t("deskSettings.departments.columns.site"),
            key: "site",
            render: (_: unknown, row: DepartmentView) => scope.siteName(row.siteId),
          },
        ]),
    {
      title: t("deskSettings.departments.columns.email"),
      dataIndex: "email",
      render: (email: string) =>
        email || <span className="ticket-muted">{t("deskSettings.departments.noAddress")}</span>,
    },
    { title: t("deskSettings.departments.columns.sort"), dataIndex: "sort", align: "right" },
    {
      title: t("deskSettings.departments.columns.enabled"),
      dataIndex: "enabled",
      render: (enabled: boolean) =>
        enabled ? (
          <Tag color="green">{t("deskSettings.departments.enabled")}</Tag>
        ) : (
          <Tag>{t("deskSettings.departments.disabled")}</Tag>
        ),
    },
    operations,
  ];

  return (
    <section className="desk-settings__tab">
      <p className="support-intro">
        {t("deskSettings.departments.intro")}
        {scope.siteBound ? ` ${t("deskSettings.departments.boundHint")}` : ""}
      </p>
      <ListToolbar
        actions={
          <Can permissions={["business:ticket:edit"]}>
            <Button type="primary" onClick={dialog.openNew}>
              {t("deskSettings.departments.add")}
            </Button>
          </Can>
        }
        onRefresh={() => void load()}
      />
      <ListTable<DepartmentView>
        rowKey="departmentId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("deskSettings.departments.empty")}
      />
      {dialog.open ? <DepartmentDialog department={dialog.record} scope={scope} onClose={dialog.close} /> : null}
    </section>
  );
}

/** A department's dialog: answers the server's message once it is saved. */
function DepartmentDialog({
  department,
  scope,
  onClose,
}: {
  department: DepartmentView | null;
  scope: DeskSettingsScope;
  onClose: (said: string | null) => void;
}) {
  const { t } = useTranslation();
  const initial: DepartmentForm = department
    ? {
        name: department.names,
        email: department.email,
        sort: department.sort,
        enabled: department.enabled,
        siteId: department.siteId ?? "all",
      }
    : { name: {}, email: "", sort: 10, enabled: true, siteId: "all" };
  const save = async (values: DepartmentForm) => {
    const body: DepartmentBody = {
      // Every language is sent: a blank one reads the English.
      name: Object.fromEntries(
        LANGUAGES.map((language) => [language, (values.name?.[language] ?? "").trim()]),
      ) as DepartmentBody["name"],
      email: (values.email ?? "").trim(),
      sort: values.sort ?? 0,
      enabled: values.enabled,
      ...(department || scope.siteBound ? {} : { siteId: values.siteId === "all" ? null : values.siteId }),
    };
    const answer = department
      ? await deskApi.updateDepartment(department.departmentId, body)
      : await deskApi.addDepartment(body);
    return answer.msg ?? "";
  };
  return (
    <RecordDialog<DepartmentForm, string>
      title={
        department
          ? t("deskSettings.departments.editTitle", { name: department.name })
          : t("deskSettings.departments.addTitle")
      }
      name="department"
      initialValues={initial}
      save={save}
      onClose={onClose}
      width={640}
    >
      <LocalizedFields
        name="name"
        englishLabel={t("deskSettings.departments.form.name")}
        otherKey="deskSettings.departments.form.nameOther"
        max={60}
        requiredMessage={t("deskSettings.departments.form.nameRequired")}
      />
      <Form.Item
        name="email"
        label={t("deskSettings.departments.form.email")}
        extra={t("deskSettings.departments.form.emailHelp")}
        rules={[{ type: "email", message: t("deskSettings.departments.form.emailInvalid") }]}
      >
        <Input inputMode="email" maxLength={254} />
      </Form.Item>
      <div className="desk-settings__pair">
        <Form.Item name="sort" label={t("deskSettings.departments.form.sort")}>
          <InputNumber min={0} max={999} precision={0} className="desk-settings__number" />
        </Form.Item>
        <Form.Item name="enabled" label={t("deskSettings.departments.form.enabled")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      {scope.siteBound ? null : (
        <Form.Item
          name="siteId"
          label={t("deskSettings.departments.form.site")}
          extra={
            department ? t("deskSettings.departments.form.siteFixed") : t("deskSettings.departments.form.siteHelp")
          }
        >
          <Select
            disabled={department !== null}
            options={[
              { value: "all", label: t("deskSettings.allSites") },
              ...scope.sites.map((site) => ({ value: site.siteId, label: site.company })),
              // A department's own site, when the sites cannot be listed.
              ...(department?.siteId && !scope.sites.some((site) => site.siteId === department.siteId)
                ? [{ value: department.siteId, label: scope.siteName(department.siteId) }]
                : []),
            ]}
          />
        </Form.Item>
      )}
    </RecordDialog>
  );
}
