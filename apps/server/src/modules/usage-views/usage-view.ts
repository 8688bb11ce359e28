import type { UsageSeriesQuery, UsageSeriesView } from "@rampart/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { committedBps, type ServiceRow } from "./usage-access.ts";
import { attacksIn, domainsOf, everReported, topsIn } from "./usage-extras.ts";
import { keptSince, resolveRange } from "./usage-ranges.ts";
import { rangeP95, usageSeries } from "./usage-series.ts";

/**
 * A package's usage over a range as its reader sees it: the series (whole package or one of its
 * domains), the range's 95th percentile and the bandwidth bought, its attacks and top lists.
 * A domain that is not the package's is refused as bad input.
 */
export async function usageView(
  db: Db,
  service: ServiceRow,
  query: UsageSeriesQuery,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<UsageSeriesView> {
  const resolved = resolveRange(query, now, timeZone);
  if ("refused" in resolved) throw new AppError(400, resolved.refused);
  const domains = await domainsOf(db, service.serviceId);
  const domain = query.domain ?? "";
  if (domain && !domains.includes(domain)) throw new AppError(404, "service_not_found");
  const request = { serviceId: service.serviceId, domain, ...resolved, timeZone };
  // Side by side on PostgreSQL's pool (the embedded database takes them one after another).
  const [series, p95Bps, attacks, tops, reported] = await Promise.all([
    usageSeries(db, request),
    rangeP95(db, request, now),
    attacksIn(db, service.serviceId, domain, resolved.from, resolved.to),
    topsIn(db, service.serviceId, resolved.from, resolved.to),
    everReported(db, service.serviceId),
  ]);
  return {
    orderNo: service.orderNo,
    product: service.product,
    edition: service.configuration.edition ?? "",
    domains,
    domain,
    timeZone,
    range: resolved.range,
    from: resolved.from.toISOString(),
    to: resolved.to.toISOString(),
    granularity: resolved.granularity,
    ...series,
    p95Bps,
    committedBps: committedBps(service),
    attacks,
    tops,
    reported,
    keptSince: keptSince(now, timeZone),
  };
}
