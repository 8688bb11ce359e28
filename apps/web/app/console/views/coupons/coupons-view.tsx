import { type CouponAdminView, CouponListQuery } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { useRecordDialog } from "../list-page/record-dialog";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { withViewMessages } from "../parts/view-messages";
import { CouponDialog } from "./coupon-dialog";
import { couponsApi } from "./coupons-api";

type CouponFilters = Omit<Partial<CouponListQuery>, "pageNum" | "pageSize">;

const COUPONS_PAGE = listSpec<CouponAdminView>("couponAdmin", "couponId", {
  add: "business:coupon:add",
  search: {
    ...searchSpec("couponSearch", CouponListQuery, [
      { name: "code" },
      { kind: "choice", name: "status", options: "couponAdmin.status" },
    ]),
    inToolbar: true,
  },
});
/** The search's fields, kept in the page's address. */
const COUPON_FILTERS = searchKeys<CouponFilters>(COUPONS_PAGE.search);

/**
 * Business operations → Coupons: the coupons the operator may manage, searched and paged; a
 * dialog creates or changes one (every field of the rule, checked by the pricing engine before it
 * is sent and by the server again); an unused coupon can be deleted, a used one disabled.
 */
export default withViewMessages("business", function Coupons({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const list = usePagedList<CouponAdminView, CouponFilters>(couponsApi.list, COUPON_FILTERS);
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<CouponAdminView>(list.load, (code) => t("couponAdmin.saved", { code }));

  const money = (minor: number, currency = "CNY") => formatMoney({ minor, currency }, language);
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const nameOf = (coupon: CouponAdminView) => (coupon.name as Record<string, string>)[language] || coupon.name.en;

  const remove = (coupon: CouponAdminView) =>
    confirmed({
      title: t("couponAdmin.remove"),
      content: t("couponAdmin.removeText", { code: coupon.code }),
      run: () => couponsApi.remove(coupon.couponId),
      done: t("couponAdmin.removed", { code: coupon.code }),
    });

  const columns: ColumnsType<CouponAdminView> = [
    { title: t("couponAdmin.columns.code"), dataIndex: "code", render: (code: string) => <strong>{code}</strong> },
    { title: t("couponAdmin.columns.name"), key: "name", render: (_, coupon) => nameOf(coupon) },
    {
      title: t("couponAdmin.columns.discount"),
      key: "discount",
      render: (_, c) => (c.kind === "percent" ? `${c.value}%` : money(c.value, c.currency)),
    },
    {
      title: t("couponAdmin.columns.threshold"),
      dataIndex: "threshold",
      responsive: ["md"],
      render: (threshold: number | undefined, c) => (threshold ? money(threshold, c.currency) : "—"),
    },
    {
      title: t("couponAdmin.columns.scope"),
      key: "scope",
      responsive: ["lg"],
      render: (_, c) => {
        const parts = [
          ...(c.products ?? []).map((p) => t(`nav.products_.${p}`)),
          ...(c.actions ?? []).map((a) => t(`orders.actions.${a}`)),
          ...(c.durationUnits ?? []).map((u) => t(`couponAdmin.units.${u}`)),
          ...(c.agentCodes ?? []),
        ];
        return parts.length ? parts.join(" · ") : t("couponAdmin.fields.anyScope");
      },
    },
    {
      title: t("couponAdmin.columns.validity"),
      key: "validity",
      responsive: ["lg"],
      render: (_, c) =>
        c.validFrom || c.validUntil
          ? `${c.validFrom ? day(c.validFrom) : "…"} – ${c.validUntil ? day(c.validUntil) : "…"}`
          : t("couponAdmin.always"),
    },
    {
      title: t("couponAdmin.columns.uses"),
      key: "uses",
      render: (_, c) => `${c.uses} / ${c.maxUses ?? t("couponAdmin.unlimited")}`,
    },
    {
      title: t("couponAdmin.columns.status"),
      dataIndex: "status",
      render: (status: "active" | "disabled") => (
        <Tag color={status === "active" ? "green" : "default"}>{t(`couponAdmin.status.${status}`)}</Tag>
      ),
    },
    {
      title: t("couponAdmin.columns.operations"),
      key: "operations",
      render: (_, coupon) => (
        <Space size={0}>
          <Can permissions={["business:coupon:edit"]}>
            <Button type="link" size="small" onClick={() => dialog.openFor(coupon)}>
              {t("couponAdmin.edit")}
            </Button>
          </Can>
          {coupon.uses === 0 ? (
            <Can permissions={["business:coupon:remove"]}>
              <Button type="link" size="small" danger onClick={() => remove(coupon)}>
                {t("couponAdmin.remove")}
              </Button>
            </Can>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <DeclaredListPage spec={COUPONS_PAGE} title={title} list={list} columns={columns} onAdd={dialog.openNew}>
      {dialog.open ? <CouponDialog coupon={dialog.record} onClose={dialog.close} /> : null}
    </DeclaredListPage>
  );
});
