import type { CouponAdminView, CouponInput } from "@rampart/contracts";
import { minorDigits } from "@rampart/pricing";
import dayjs, { type Dayjs } from "dayjs";

/** The form's values: amounts in major units (¥100.00), the window as dates. */
export interface CouponForm {
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

/** What the server takes: amounts in minor units, the window as instants, empty lists left out. */
export function toInput(form: CouponForm): CouponInput {
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

/** A saved coupon as the form shows it. */
export function toForm(coupon: CouponAdminView): CouponForm {
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

export const NEW_COUPON: CouponForm = {
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
