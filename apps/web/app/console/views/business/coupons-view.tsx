import {
  type CouponAdminView,
  type CouponInput,
  type CouponListQuery,
  type Envelope,
  LANGUAGES,
  type PageEnvelope,
} from "@rampart/contracts";
import { couponRuleProblems, formatMoney, minorDigits } from "@rampart/pricing";
import {
  App,
  Button,
  Collapse,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { RequestError, request } from "../../../shared/request/request-client";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { usePagedList } from "../paged-list";
import { useBusinessMessages } from "./business-messages";

const CURRENCIES = ["CNY", "VND"];
const PRODUCTS = ["cdn", "ddos", "tcp", "waf"] as const;
const ACTIONS = ["new", "renew", "upgrade"] as const;
const UNITS = ["day", "month", "year"] as const;

const couponsApi = {
  list: (query: Partial<CouponListQuery>) =>
    request<PageEnvelope<CouponAdminView>>({ url: "/order/coupon/list", params: query }),
  save: (input: CouponInput, couponId?: number) =>
    request<Envelope<CouponAdminView>>({
      url: couponId ? `/order/coupon/${couponId}` : "/order/coupon",
      method: couponId ? "PUT" : "POST",
      data: input,
      quiet: true,
    }),
  remove: (couponId: number) => request({ url: `/order/coupon/${couponId}`, method: "DELETE" }),
};

/** The form's values: amounts in major units (¥100.00), the window as dates. */
interface CouponForm {
  code: string;
  name: Record<string, string | undefined>;
  kind: "amount" | "percent";
  value: number | null;
  currency?: string;
  threshold?: number | null;
  products?: string[];
  actions?: string[];
  durationUnits?: string[];
  agentCodes?: string[];
  validity?: [Dayjs | null, Dayjs | null] | null;
  maxUses?: number | null;
  perCustomer: number;
  newCustomersOnly: boolean;
  listed: boolean;
  active: boolean;
}

const scale = (currency: string | undefined) => 10 ** minorDigits(currency ?? "CNY");

function toInput(form: CouponForm): CouponInput {
  const factor = scale(form.currency);
  const [from, until] = form.validity ?? [];
  const names = Object.fromEntries(Object.entries(form.name).filter(([, text]) => text?.trim())) as CouponInput["name"];
  return {
    code: form.code.trim(),
    name: names,
    kind: form.kind,
    value: form.kind === "amount" ? Math.round((form.value ?? 0) * factor) : (form.value ?? 0),
    ...(form.currency ? { currency: form.currency } : {}),
    ...(form.threshold ? { threshold: Math.round(form.threshold * factor) } : {}),
    ...(form.products?.length ? { products: form.products as CouponInput["products"] } : {}),
    ...(form.actions?.length ? { actions: form.actions as CouponInput["actions"] } : {}),
    ...(form.durationUnits?.length ? { durationUnits: form.durationUnits as CouponInput["durationUnits"] } : {}),
    ...(form.agentCodes?.length ? { agentCodes: form.agentCodes } : {}),
    ...(from ? { validFrom: from.toISOString() } : {}),
    ...(until ? { validUntil: until.toISOString() } : {}),
    maxUses: form.maxUses ?? null,
    perCustomer: form.perCustomer,
    newCustomersOnly: form.newCustomersOnly,
    listed: form.listed,
    status: form.active ? "active" : "disabled",
  };
}

function toForm(coupon: CouponAdminView): CouponForm {
  const factor = scale(coupon.currency);
  return {
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    value: coupon.kind === "amount" ? coupon.value / factor : coupon.value,
    ...(coupon.currency ? { currency: coupon.currency } : {}),
    threshold: coupon.threshold === undefined ? null : coupon.threshold / factor,
    products: coupon.products ?? [],
    actions: coupon.actions ?? [],
    durationUnits: coupon.durationUnits ?? [],
    agentCodes: coupon.agentCodes ?? [],
    validity:
      coupon.validFrom || coupon.validUntil
        ? [coupon.validFrom ? dayjs(coupon.validFrom) : null, coupon.validUntil ? dayjs(coupon.validUntil) : null]
        : null,
    maxUses: coupon.maxUses,
    perCustomer: coupon.perCustomer,
    newCustomersOnly: coupon.newCustomersOnly,
    listed: coupon.listed,
    active: coupon.status === "active",
  };
}

const NEW_COUPON: CouponForm = {
  code: "",
  name: {},
  kind: "amount",
  value: null,
  currency: "CNY",
  perCustomer: 1,
  newCustomersOnly: false,
  listed: true,
  active: true,
};

/** The form field a problem of the engine or the server belongs to. */
const fieldOf = (field: string): (string | number)[] =>
  field === "validFrom" || field === "validUntil" ? ["validity"] : [field];

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
  const { modal, message } = App.useApp();
  const [search] = Form.useForm<{ code?: string; status?: "active" | "disabled" }>();
  const [filters, setFilters] = useState<{ code?: string; status?: "active" | "disabled" }>({});
  const { rows, loading, load, firstPage, pagination } = usePagedList(couponsApi.list, filters);
  const [editing, setEditing] = useState<CouponAdminView | "new" | null>(null);

  const money = (minor: number, currency = "CNY") => formatMoney({ minor, currency }, language);
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const nameOf = (coupon: CouponAdminView) => (coupon.name as Record<string, string>)[language] || coupon.name.en;

  const remove = (coupon: CouponAdminView) =>
    confirmAction(modal, t, {
      title: t("couponAdmin.remove"),
      content: t("couponAdmin.removeText", { code: coupon.code }),
      action: async () => {
        try {
          await couponsApi.remove(coupon.couponId);
          void message.success(t("couponAdmin.removed", { code: coupon.code }));
        } finally {
          await load();
        }
      },
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
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      <div className="list-toolbar list-toolbar--spread">
        <Form
          form={search}
          name="couponSearch"
          layout="inline"
          className="search-form search-form--bare"
          onFinish={(values) => {
            setFilters({
              ...(values.code?.trim() ? { code: values.code.trim() } : {}),
              ...(values.status ? { status: values.status } : {}),
            });
            firstPage();
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
                setFilters({});
                firstPage();
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
      <Table<CouponAdminView>
        rowKey="couponId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("couponAdmin.empty") }}
        pagination={pagination((count) => t("couponAdmin.total", { total: count }))}
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
    </div>
  );
}

function CouponDialog({
  coupon,
  onClose,
}: {
  coupon: CouponAdminView | null;
  onClose: (savedCode: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CouponForm>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch("kind", form) ?? coupon?.kind ?? "amount";

  const showProblems = (problems: { field: string; code: string }[]) =>
    form.setFields(
      problems.map((p) => ({
        name: fieldOf(p.field) as never,
        errors: [t(`couponAdmin.problems.${p.code.replace(/^coupon\./, "")}`)],
      })),
    );

  const submit = async (values: CouponForm) => {
    const input = toInput(values);
    // The engine's own checks first: the same rules the server applies.
    const problems = couponRuleProblems(input as Parameters<typeof couponRuleProblems>[0]);
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSaving(true);
    try {
      await couponsApi.save(input, coupon?.couponId);
      onClose(input.code.toUpperCase());
    } catch (error) {
      if (error instanceof RequestError && error.code === 409)
        form.setFields([{ name: "code", errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={coupon ? t("couponAdmin.editTitle", { code: coupon.code }) : t("couponAdmin.addTitle")}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
      width={640}
      destroyOnHidden
    >
      <Form<CouponForm>
        form={form}
        name="coupon"
        layout="vertical"
        initialValues={coupon ? toForm(coupon) : NEW_COUPON}
        onFinish={submit}
        className="coupon-form"
      >
        <Form.Item
          name="code"
          label={t("couponAdmin.fields.code")}
          extra={t("couponAdmin.fields.codeHelp")}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,32}$/, message: t("couponAdmin.fields.codeHelp") }]}
        >
          <Input disabled={Boolean(coupon)} maxLength={32} />
        </Form.Item>
        <Form.Item name={["name", "en"]} label={t("couponAdmin.fields.name")} rules={[{ required: true, max: 80 }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Collapse
          size="small"
          className="coupon-form__names"
          items={[
            {
              key: "names",
              label: t("couponAdmin.fields.otherNames"),
              forceRender: true,
              children: LANGUAGES.filter((l) => l !== "en").map((lang) => (
                <Form.Item key={lang} name={["name", lang]} label={lang}>
                  <Input maxLength={80} />
                </Form.Item>
              )),
            },
          ]}
        />
        <Form.Item name="kind" label={t("couponAdmin.fields.kind")}>
          <Radio.Group
            options={[
              { value: "amount", label: t("couponAdmin.fields.amount") },
              { value: "percent", label: t("couponAdmin.fields.percent") },
            ]}
          />
        </Form.Item>
        <Space wrap align="start" size="middle">
          <Form.Item name="value" label={t("couponAdmin.fields.value")} rules={[{ required: true }]}>
            <InputNumber
              min={kind === "percent" ? 1 : 0.01}
              max={kind === "percent" ? 100 : undefined}
              suffix={kind === "percent" ? "%" : undefined}
            />
          </Form.Item>
          <Form.Item name="currency" label={t("couponAdmin.fields.currency")}>
            <Select allowClear options={CURRENCIES.map((c) => ({ value: c, label: c }))} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="threshold" label={t("couponAdmin.fields.threshold")}>
            <InputNumber min={0} />
          </Form.Item>
        </Space>
        <Form.Item name="products" label={t("couponAdmin.fields.products")}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t("couponAdmin.fields.anyScope")}
            options={PRODUCTS.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
          />
        </Form.Item>
        <Space wrap align="start" size="middle" className="coupon-form__row">
          <Form.Item name="actions" label={t("couponAdmin.fields.actions")}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t("couponAdmin.fields.anyScope")}
              options={ACTIONS.map((a) => ({ value: a, label: t(`orders.actions.${a}`) }))}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          <Form.Item name="durationUnits" label={t("couponAdmin.fields.durationUnits")}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t("couponAdmin.fields.anyScope")}
              options={UNITS.map((u) => ({ value: u, label: t(`couponAdmin.units.${u}`) }))}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
        </Space>
        <Form.Item name="agentCodes" label={t("couponAdmin.fields.agentCodes")}>
          <Select mode="tags" allowClear placeholder={t("couponAdmin.fields.anyScope")} tokenSeparators={[",", " "]} />
        </Form.Item>
        <Form.Item name="validity" label={t("couponAdmin.fields.validity")}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Space wrap align="start" size="middle">
          <Form.Item name="maxUses" label={t("couponAdmin.fields.maxUses")} extra={t("couponAdmin.fields.maxUsesHelp")}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="perCustomer" label={t("couponAdmin.fields.perCustomer")} rules={[{ required: true }]}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="newCustomersOnly" label={t("couponAdmin.fields.newCustomersOnly")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="listed" label={t("couponAdmin.fields.listed")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t("couponAdmin.fields.active")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
