import type { ServiceMonthUsage } from "@rampart/contracts";
import type { bizService } from "../../db/schema.ts";

/**
 * This month's use of each package sold by bandwidth (by its order number), as My services shows
 * it: the overage module answers (overage/month-so-far.ts) and app.ts hands the answer to the
 * orders module, so that orders never import overage (which places its orders through them).
 */
export type MonthsSoFar = (
  services: (typeof bizService.$inferSelect)[],
  now: Date,
) => Promise<Map<string, ServiceMonthUsage>>;
