import { ALL_PERMISSIONS, type SiteAdminView } from "@rampart/contracts";
import { Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../shared/auth/session-store";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { withViewMessages } from "../parts/view-messages";
import { SiteDialog } from "./site-dialog";
import { sitesApi } from "./sites-api";

const SITES_PAGE = listSpec<SiteAdminView>("sites", "siteId", { add: "system:site:add" });

/**
 * System management → Sites: every branded site (an operator bound to one sees only it) with its
 * domains, channel and currency; add, edit with a live preview of the header (a change is on the
 * site's pages at once), delete one without users or orders.
 */
export default withViewMessages("system", function Sites({ title }: ViewProps) {
  const { t } = useTranslation();
  const boundToSite = useSession((s) => s.user?.siteId != null && !s.permissions.includes(ALL_PERMISSIONS));
  const list = useLoadedList(sitesApi.list);
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<SiteAdminView>(list.load, (name, wasNew) =>
    t(wasNew ? "sites.created" : "sites.saved", { name }),
  );
  const operations = useOperationsColumn<SiteAdminView>(t("sites.columns.operations"), [
    { label: t("sites.edit"), permission: "system:site:edit", onClick: dialog.openFor },
    removeAction<SiteAdminView>(confirmed, t, {
      texts: "sites",
      permission: "system:site:remove",
      nameOf: (site) => site.company,
      run: (site) => sitesApi.remove(site.siteId),
      // The default site answers every other host: it stays.
      shown: (site) => !site.isDefault,
    }),
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
    <DeclaredListPage
      spec={SITES_PAGE}
      title={title}
      list={list}
      columns={columns}
      onAdd={dialog.openNew}
      table={{
        pagination: { pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t("sites.total", { total }) },
      }}
    >
      {dialog.open ? <SiteDialog site={dialog.record} channelLocked={boundToSite} onClose={dialog.close} /> : null}
    </DeclaredListPage>
  );
});
