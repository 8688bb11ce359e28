import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { DomainSettingsBody, DomainView, ServiceDomainsView } from "@rampart/contracts";
import type { ProductCode } from "@rampart/pricing";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizService, bizServiceDomain } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { AppError } from "../../http/errors.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import type { RecordLookup } from "../../outbound/record-lookup.ts";
import {
  cnamePatterns,
  cnameTargetOf,
  domainNameOf,
  ICP_NUMBER,
  isDomainProduct,
  planLimits,
  servesMainland,
} from "./domain-rules.ts";

type ServiceRow = typeof bizService.$inferSelect;
type DomainRow = typeof bizServiceDomain.$inferSelect;
export type DomainEvent = "domain.added" | "domain.verified" | "domain.updated" | "domain.removed";

export interface DomainDeps {
  db: Db;
  records: RecordLookup;
  outbound: OutboundClient;
  /** Announces a domain's changes (the platform routes it). */
  emitEvent: EmitEvent;
  /** Makes each domain's CNAME label (derived from TOKEN_SECRET). */
  cnameKey: Buffer;
  now: () => Date;
}

/** The TXT record that proves ownership of a name before its traffic is switched. */
export const ownershipRecordOf = (row: Pick<DomainRow, "name" | "ownershipToken">) => ({
  name: `_rampart-verify.${row.name}`,
  value: `rampart-verify=${row.ownershipToken}`,
});

export function domainView(row: DomainRow): DomainView {
  return {
    domainId: row.domainId,
    name: row.name,
    cnameTarget: row.cnameTarget,
    ownershipRecord: ownershipRecordOf(row),
    state: row.state as DomainView["state"],
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    originAddresses: row.originAddresses,
    originProtocol: row.originProtocol as DomainView["originProtocol"],
    originPort: row.originPort,
    cacheRules: row.cacheRules,
    wafMode: row.wafMode as DomainView["wafMode"],
    icpNumber: row.icpNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's package that takes domains (404 otherwise), and only while it is served. */
export async function domainServiceOf(db: Db | Tx, userId: number, orderNo: string, forChange = false) {
  const [service] = await db
    .select()
    .from(bizService)
    .where(and(eq(bizService.orderNo, orderNo), eq(bizService.userId, userId)));
  if (!service || !isDomainProduct(service.product)) throw new AppError(404, "service_not_found");
  if (forChange && service.state !== "active" && service.state !== "grace")
    throw new AppError(409, "domain_service_inactive");
  return service;
}

/** How much of the plan a package's domains use. */
export function usageOf(
  service: ServiceRow,
  rows: Pick<DomainRow, "name" | "registrableDomain" | "originAddresses">[],
) {
  const limits = planLimits(service.product as ProductCode, service.configuration);
  return {
    domains: { used: rows.length, limit: limits.domains },
    topLevelDomains: { used: new Set(rows.map((r) => r.registrableDomain)).size, limit: limits.topLevelDomains },
    originIps: { used: new Set(rows.flatMap((r) => r.originAddresses)).size, limit: limits.originIps },
  };
}

export async function serviceDomains(db: Db, userId: number, orderNo: string): Promise<ServiceDomainsView> {
  const service = await domainServiceOf(db, userId, orderNo);
  const rows = await db
    .select()
    .from(bizServiceDomain)
    .where(eq(bizServiceDomain.serviceId, service.serviceId))
    .orderBy(asc(bizServiceDomain.domainId));
  return {
    orderNo,
    product: service.product,
    region: service.configuration.region,
    mainland: servesMainland(service.configuration),
    state: service.state,
    quota: usageOf(service, rows),
    domains: rows.map(domainView),
  };
}

async function emit(deps: Pick<DomainDeps, "emitEvent">, tx: Tx, event: DomainEvent, domainId: number) {
  await deps.emitEvent(tx, { type: event, domainId });
}

/**
 * A domain added to a package, within its plan (domains and top-level domains, counted under a
 * lock on the package), with its CNAME target and ownership token; the platform hears of it.
 */
export async function addDomain(
  deps: Pick<DomainDeps, "db" | "emitEvent" | "cnameKey" | "now">,
  userId: number,
  orderNo: string,
  raw: string,
): Promise<DomainView> {
  const { name, registrable } = domainNameOf(raw);
  const patterns = await cnamePatterns(deps.db);
  return deps.db.transaction(async (tx) => {
    const service = await domainServiceOf(tx, userId, orderNo, true);
    await tx.execute(sql`select 1 from ${bizService} where ${bizService.serviceId} = ${service.serviceId} for update`);
    const rows = await tx.select().from(bizServiceDomain).where(eq(bizServiceDomain.serviceId, service.serviceId));
    if (rows.some((row) => row.name === name)) throw new AppError(409, "domain_taken", { value: name });
    const usage = usageOf(service, [...rows, { name, registrableDomain: registrable, originAddresses: [] }]);
    if (usage.domains.limit !== null && usage.domains.used > usage.domains.limit)
      throw new AppError(409, "domain_quota", { value: usage.domains.limit });
    if (usage.topLevelDomains.limit !== null && usage.topLevelDomains.used > usage.topLevelDomains.limit)
      throw new AppError(409, "domain_tld_quota", { value: usage.topLevelDomains.limit });
    const now = deps.now();
    const [row] = await tx
      .insert(bizServiceDomain)
      .values({
        serviceId: service.serviceId,
        name,
        registrableDomain: registrable,
        cnameTarget: cnameTargetOf(
          patterns[service.product as keyof typeof patterns],
          deps.cnameKey,
          service.serviceId,
          name,
        ),
        ownershipToken: randomBytes(16).toString("hex"),
        originProtocol: service.product === "waf" ? "follow" : "http",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await emit(deps, tx, "domain.added", row!.domainId);
    return domainView(row!);
  });
}

async function domainOf(db: Db | Tx, service: ServiceRow, domainId: number): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(bizServiceDomain)
    .where(and(eq(bizServiceDomain.domainId, domainId), eq(bizServiceDomain.serviceId, service.serviceId)));
  if (!row) throw new AppError(404, "domain_not_found");
  return row;
}

/**
 * "Verify": the name's CNAME is looked up (real DNS queries); when it points at its target the
 * domain is active and the platform hears of it. Answers what was found.
 */
export async function verifyDomain(deps: DomainDeps, userId: number, orderNo: string, domainId: number) {
  const service = await domainServiceOf(deps.db, userId, orderNo, true);
  const row = await domainOf(deps.db, service, domainId);
  let found: string[] = [];
  try {
    found = await deps.records.cname(row.name);
  } catch {
    found = [];
  }
  const ok = found.includes(row.cnameTarget);
  if (ok && row.state !== "active") {
    // A name live on another package (someone else's) is not taken over.
    // (A name left on a package no longer served does not count: whoever holds its DNS now may move it.)
    const [elsewhere] = await deps.db
      .select({ id: bizServiceDomain.domainId })
      .from(bizServiceDomain)
      .innerJoin(bizService, eq(bizService.serviceId, bizServiceDomain.serviceId))
      .where(
        and(
          eq(bizServiceDomain.name, row.name),
          eq(bizServiceDomain.state, "active"),
          ne(bizServiceDomain.domainId, row.domainId),
          inArray(bizService.state, ["active", "grace"]),
        ),
      );
    if (elsewhere) throw new AppError(409, "domain_active_elsewhere", { value: row.name });
    await deps.db.transaction(async (tx) => {
      await tx
        .update(bizServiceDomain)
        .set({ state: "active", verifiedAt: deps.now(), updatedAt: deps.now() })
        .where(eq(bizServiceDomain.domainId, domainId));
      await emit(deps, tx, "domain.verified", domainId);
    });
  }
  return { ok, found, expected: row.cnameTarget };
}

/** The origin an address is: an IP on the internet, or a host name (resolved when it is checked). */
async function assertOrigins(deps: DomainDeps, addresses: string[]) {
  for (const address of addresses) {
    const text = address.trim().toLowerCase();
    if (!isIP(text)) domainNameOf(text);
    const problem = await deps.outbound.checkHost(text);
    if (problem?.problem === "address_private")
      throw new AppError(400, "outbound_address_private", { value: problem.value });
  }
}

/** Origin, cache rules, WAF mode, ICP number: checked, kept, and told to the platform. */
export async function updateDomain(
  deps: DomainDeps,
  userId: number,
  orderNo: string,
  domainId: number,
  body: DomainSettingsBody,
): Promise<DomainView> {
  const addresses = [...new Set(body.originAddresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  if (addresses.length === 0) throw new AppError(400, "domain_origin_required");
  await assertOrigins(deps, addresses);
  const icpNumber = body.icpNumber?.trim();
  if (icpNumber && !ICP_NUMBER.test(icpNumber)) throw new AppError(400, "domain_icp_invalid", { value: icpNumber });
  return deps.db.transaction(async (tx) => {
    const service = await domainServiceOf(tx, userId, orderNo, true);
    await tx.execute(sql`select 1 from ${bizService} where ${bizService.serviceId} = ${service.serviceId} for update`);
    const row = await domainOf(tx, service, domainId);
    const others = await tx
      .select()
      .from(bizServiceDomain)
      .where(and(eq(bizServiceDomain.serviceId, service.serviceId), ne(bizServiceDomain.domainId, domainId)));
    const usage = usageOf(service, [...others, { ...row, originAddresses: addresses }]);
    if (usage.originIps.limit !== null && usage.originIps.used > usage.originIps.limit)
      throw new AppError(409, "domain_origin_quota", { value: usage.originIps.limit });
    const [updated] = await tx
      .update(bizServiceDomain)
      .set({
        originAddresses: addresses,
        originProtocol: body.originProtocol,
        originPort: body.originPort,
        // What a product has no use for is left as it is (a CDN form has no WAF mode).
        cacheRules: service.product === "cdn" ? (body.cacheRules ?? row.cacheRules) : [],
        wafMode: body.wafMode ?? row.wafMode,
        icpNumber: icpNumber ?? row.icpNumber,
        updatedAt: deps.now(),
      })
      .where(eq(bizServiceDomain.domainId, domainId))
      .returning();
    await emit(deps, tx, "domain.updated", domainId);
    return domainView(updated!);
  });
}

/** A domain taken off its package: the platform hears of it first (with the domain as it was). */
export async function removeDomain(deps: DomainDeps, userId: number, orderNo: string, domainId: number) {
  await deps.db.transaction(async (tx) => {
    const service = await domainServiceOf(tx, userId, orderNo);
    await domainOf(tx, service, domainId);
    await emit(deps, tx, "domain.removed", domainId);
    await tx.delete(bizServiceDomain).where(eq(bizServiceDomain.domainId, domainId));
  });
}
