import type { CouponRule } from "@rampart/pricing";
import type { Db } from "../../db/client.ts";
import { bizCoupon, type LocalizedText } from "../../db/schema.ts";

interface SeedCoupon {
  code: string;
  name: LocalizedText;
  rule: Omit<CouponRule, "code">;
  maxUses?: number;
  perCustomer?: number;
  newCustomersOnly?: boolean;
}

const name = (en: string, zhCN: string, zhTW: string, id: string, vi: string): LocalizedText => ({
  en,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id,
  vi,
});

/** The coupons a fresh installation offers, so that the price pages show how coupons work. */
export const SEED_COUPONS: SeedCoupon[] = [
  {
    code: "WELCOME100",
    name: name(
      "¥100 off your first order of ¥1,000 or more",
      "新客首单满 1000 元减 100 元",
      "新客首單滿 1,000 元折 100 元",
      "Potongan ¥100 untuk pesanan pertama mulai ¥1.000",
      "Giảm ¥100 cho đơn đầu tiên từ ¥1.000",
    ),
    rule: { kind: "amount", value: 10_000, currency: "CNY", threshold: 100_000, actions: ["new"] },
    newCustomersOnly: true,
  },
  {
    code: "ANNUAL10",
    name: name(
      "10% off yearly packages",
      "包年套餐 9 折",
      "年繳方案 9 折",
      "Diskon 10% untuk paket tahunan",
      "Giảm 10% cho gói theo năm",
    ),
    rule: { kind: "percent", value: 10, durationUnits: ["year"] },
    perCustomer: 3,
    maxUses: 1000,
  },
  {
    code: "RENEW5",
    name: name("5% off renewals", "续费 95 折", "續約 95 折", "Diskon 5% untuk perpanjangan", "Giảm 5% khi gia hạn"),
    rule: { kind: "percent", value: 5, actions: ["renew"] },
    perCustomer: 12,
  },
  {
    code: "PARTNER300",
    name: name(
      "¥300 off orders of ¥3,000 or more, through our partners",
      "合作伙伴渠道满 3000 元减 300 元",
      "合作夥伴通路滿 3,000 元折 300 元",
      "Potongan ¥300 untuk pesanan mulai ¥3.000 melalui mitra kami",
      "Giảm ¥300 cho đơn từ ¥3.000 qua đối tác của chúng tôi",
    ),
    rule: { kind: "amount", value: 30_000, currency: "CNY", threshold: 300_000, agentCodes: ["PARTNER"] },
    maxUses: 500,
  },
  {
    code: "LOTUS500K",
    name: name(
      "₫500,000 off orders from ₫10,000,000 (Lotus Shield)",
      "满 1000 万越南盾减 50 万（Lotus Shield 渠道）",
      "滿 1,000 萬越南盾折 50 萬（Lotus Shield 通路）",
      "Potongan ₫500.000 untuk pesanan mulai ₫10.000.000 (Lotus Shield)",
      "Giảm 500.000 ₫ cho đơn từ 10.000.000 ₫ (Lotus Shield)",
    ),
    rule: { kind: "amount", value: 500_000, currency: "VND", threshold: 10_000_000, agentCodes: ["LOTUS"] },
  },
];

/** Adds the seed coupons that are missing (an operator's changes to them are kept). */
export async function seedCoupons(db: Db): Promise<void> {
  await db
    .insert(bizCoupon)
    .values(
      SEED_COUPONS.map((coupon) => ({
        code: coupon.code,
        name: coupon.name,
        rule: coupon.rule,
        maxUses: coupon.maxUses ?? null,
        perCustomer: coupon.perCustomer ?? 1,
        newCustomersOnly: coupon.newCustomersOnly ?? false,
      })),
    )
    .onConflictDoNothing();
}
