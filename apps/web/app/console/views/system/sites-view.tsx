import { ALL_PERMISSIONS, type SiteAdminView } from "@rampart/contracts";
import { App, Button, Skeleton, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSession } from "../../../shared/auth/session-store";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { SiteDialog } from "./site-dialog";
import { sitesApi } from "./sites-api";
import { useSystemMessages } from "./system-messages";

/**
 * System management → Sites: every branded site (an operator bound to one sees only it) with its
 * domains, channel and currency; add, edit with a live preview of the header (a change is on the
 * site's pages at once), delete one without users or orders.
 */
export default function SitesView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Sites title={title} /> : <Skeleton active />;
}

function Sites({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const boundToSite = useSession((s) => s.user?.siteId != null && !s.permissions.includes(ALL_PERMISSIONS));
  const [editing, setEditing] = useState<SiteAdminView | "new" | null>(null);

  const { rows: sites, loading, load } = useLoadedList(sitesApi.list);

  const confirmed = useConfirmedAction(load);
  const operations = useOperationsColumn<SiteAdminView>(t("sites.columns.operations"), [
    { label: t("sites.edit"), permission: "system:site:edit", onClick: (site) => setEditing(site) },
    {
      label: t("sites.remove"),
      permission: "system:site:remove",
      danger: true,
      // The default site answers every other host: it stays.
      shown: (site) => !site.isDefault,
      onClick: (site) =>
        confirmed({
          title: t("sites.removeTitle", { name: site.company }),
          content: t("sites.removeText", { name: site.company }),
          run: () => sitesApi.remove(site.siteId),
          done: t("sites.removed", { name: site.company }),
        }),
    },
  ]);

  const columns: ColumnsType<SiteAdminView> = [
    {
      title: t("sites.columns.company"),
      dataIndex: "company",
      render: (company: string, site) => (
        <span className="site-cell">
          <span className="site-cell__swatch" style={{ background: site.themeColor }} aria-hidden="true" />
          {site.logo1 ? <img className="site-cell__logo" src={site.logo1} alt="" /> : null}
          <span className="order-no">
            <span>
              {company} {site.isDefault ? <Tag>{t("sites.default")}</Tag> : null}
            </span>
            <span className="order-kind">{site.contactWay}</span>
          </span>
        </span>
      ),
    },
    {
      title: t("sites.columns.domains"),
      dataIndex: "domains",
      render: (domains: string[], site) => (
        <Space size={[0, 4]} wrap>
          {domains.map((d) => (
            <Tag key={d}>{d}</Tag>
          ))}
          {site.isDefault ? <Tag bordered={false}>{t("sites.everyOtherHost")}</Tag> : null}
        </Space>
      ),
    },
    { title: t("sites.columns.channel"), dataIndex: "agentCode", render: (code: string) => code || "—" },
    { title: t("sites.columns.currency"), dataIndex: "currency", responsive: ["md"] },
    { title: t("sites.columns.region"), dataIndex: "region", responsive: ["lg"], render: (r: string) => r || "—" },
    { title: t("sites.columns.users"), dataIndex: "users", responsive: ["md"] },
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListToolbar
        actions={
          <Can permissions={["system:site:add"]}>
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("sites.add")}
            </Button>
          </Can>
        }
        onRefresh={() => void load()}
      />
      <ListTable<SiteAdminView>
        rowKey="siteId"
        loading={loading}
        columns={columns}
        dataSource={sites}
        emptyText={t("sites.empty")}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t("sites.total", { total }) }}
      />
      {editing ? (
        <SiteDialog
          site={editing === "new" ? null : editing}
          channelLocked={boundToSite}
          onClose={(saved) => {
            const wasNew = editing === "new";
            setEditing(null);
            if (saved) {
              void message.success(t(wasNew ? "sites.created" : "sites.saved", { name: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
}
