import type { CouponAdminView, CouponInput, CouponListQuery, Envelope, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** Business operations → Coupons: its requests. */
export const couponsApi = {
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
