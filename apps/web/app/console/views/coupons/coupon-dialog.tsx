import { type CouponAdminView, LANGUAGE_NAMES, LANGUAGES, type SiteAdminView } from "@rampart/contracts";
import { couponRuleProblems, PRODUCT_CODES } from "@rampart/pricing";
import { Collapse, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { sitesApi } from "../sites/sites-api";
import { type CouponForm, NEW_COUPON, toForm, toInput } from "./coupon-form";
import { couponsApi } from "./coupons-api";

const CURRENCIES = ["CNY", "VND"];
const ACTIONS = ["new", "renew", "upgrade"] as const;
const UNITS = ["day", "month", "year"] as const;

/** The form field a problem of the engine or the server belongs to. */
const fieldOf = (field: string): (string | number)[] =>
  field === "validFrom" || field === "validUntil" ? ["validity"] : [field];

/** A coupon added or edited: its code, what it takes off, where and when it applies. */
export function CouponDialog({
  coupon,
  onClose,
}: {
  coupon: CouponAdminView | null;
  onClose: (savedCode: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CouponForm>();
  const kind = Form.useWatch("kind", form) ?? coupon?.kind ?? "amount";
  // The channels to choose from: the sites' agent codes (another may still be typed).
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  useEffect(() => {
    sitesApi.list().then(
      ({ data }) => setSites(data ?? []),
      () => {},
    );
  }, []);
  const channels = sites
    .filter((site) => site.agentCode)
    .map((site) => ({ value: site.agentCode, label: `${site.agentCode} · ${site.company}` }));

  const showProblems = (problems: { field: string; code: string }[]) =>
    form.setFields(
      problems.map((p) => ({
        name: fieldOf(p.field) as never,
        errors: [t(`couponAdmin.problems.${p.code.replace(/^coupon\./, "")}`)],
      })),
    );

  const { saving, submit: save } = useSaveDialog(
    async (input: ReturnType<typeof toInput>) => {
      await couponsApi.save(input, coupon?.couponId);
      return input.code.toUpperCase();
    },
    onClose,
    (error) => {
      if (error instanceof RequestError && error.code === 409)
        form.setFields([{ name: "code", errors: [error.message] }]);
    },
  );
  const submit = (values: CouponForm) => {
    const input = toInput(values);
    // The engine's own checks first: the same rules the server applies.
    const problems = couponRuleProblems(input as Parameters<typeof couponRuleProblems>[0]);
    if (problems.length > 0) showProblems(problems);
    else void save(input);
  };

  return (
    <FormDialog<CouponForm>
      title={coupon ? t("couponAdmin.editTitle", { code: coupon.code }) : t("couponAdmin.addTitle")}
      form={form}
      name="coupon"
      initialValues={coupon ? toForm(coupon) : NEW_COUPON}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={640}
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
      <Form.Item
        name={["name", "en"]}
        label={t("couponAdmin.fields.name")}
        rules={[{ required: true, max: 80, message: t("couponAdmin.fields.nameRequired") }]}
      >
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
              <Form.Item key={lang} name={["name", lang]} label={LANGUAGE_NAMES[lang]}>
                <Input maxLength={80} lang={lang} />
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
        <Form.Item
          name="value"
          label={t("couponAdmin.fields.value")}
          rules={[{ required: true, message: t("couponAdmin.fields.valueRequired") }]}
        >
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
          options={PRODUCT_CODES.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
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
        <Select
          mode="tags"
          allowClear
          placeholder={t("couponAdmin.fields.anyScope")}
          tokenSeparators={[",", " "]}
          options={channels}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="validity" label={t("couponAdmin.fields.validity")}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
      <Space wrap align="start" size="middle">
        <Form.Item name="maxUses" label={t("couponAdmin.fields.maxUses")} extra={t("couponAdmin.fields.maxUsesHelp")}>
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item
          name="perCustomer"
          label={t("couponAdmin.fields.perCustomer")}
          rules={[{ required: true, message: t("couponAdmin.fields.perCustomerRequired") }]}
        >
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
    </FormDialog>
  );
}
