import type { CouponAdminView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { App, Button, Form, Input, Select, Skeleton, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { useBusinessMessages } from "./business-messages";
import { CouponDialog } from "./coupon-dialog";
import { couponsApi } from "./coupons-api";

type CouponFilters = { code?: string; status?: "active" | "disabled" };
/** The search's fields, kept in the page's address. */
const COUPON_FILTERS = ["code", "status"] as const;

/**
 * Business operations → Coupons: the coupons the operator may manage, searched and paged; a
 * dialog creates or changes one (every field of the rule, checked by the pricing engine before it
 * is sent and by the server again); an unused coupon can be deleted, a used one disabled.
 */
export default function CouponsView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <Coupons title={title} /> : <Skeleton active />;
}

function Coupons({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { message } = App.useApp();
  const [search] = Form.useForm<{ code?: string; status?: "active" | "disabled" }>();
  const list = usePagedList<CouponAdminView, CouponFilters>(couponsApi.list, COUPON_FILTERS);
  const { rows, loading, load, pagination } = list;
  const confirmed = useConfirmedAction(load);
  const [editing, setEditing] = useState<CouponAdminView | "new" | null>(null);

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
            <Button type="link" size="small" onClick={() => setEditing(coupon)}>
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
    <ListPage title={title}>
      <div className="list-toolbar list-toolbar--spread">
        <Form
          form={search}
          name="couponSearch"
          initialValues={list.filters}
          layout="inline"
          className="search-form search-form--bare"
          onFinish={(values) => {
            list.search({
              ...(values.code?.trim() ? { code: values.code.trim() } : {}),
              ...(values.status ? { status: values.status } : {}),
            });
          }}
        >
          <Form.Item name="code" label={t("couponAdmin.search.code")}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="status" label={t("couponAdmin.search.status")}>
            <Select
              allowClear
              placeholder={t("couponAdmin.search.any")}
              options={(["active", "disabled"] as const).map((s) => ({
                value: s,
                label: t(`couponAdmin.status.${s}`),
              }))}
              style={{ minWidth: 120 }}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t("couponAdmin.search.submit")}
            </Button>
            <Button
              onClick={() => {
                search.resetFields();
                list.search({});
              }}
            >
              {t("couponAdmin.search.reset")}
            </Button>
          </Space>
        </Form>
        <Can permissions={["business:coupon:add"]}>
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("couponAdmin.add")}
          </Button>
        </Can>
      </div>
      <ListTable<CouponAdminView>
        rowKey="couponId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("couponAdmin.empty")}
        pagination={pagination((count) => t("couponAdmin.total", { count }))}
      />
      {editing ? (
        <CouponDialog
          coupon={editing === "new" ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void message.success(t("couponAdmin.saved", { code: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
}
