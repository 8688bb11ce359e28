import { isIP } from "node:net";
import type { GoLiveItem, GoLiveView } from "@rampart/contracts";
import { and, eq, gt } from "drizzle-orm";
import { bizCertificate, bizServiceDomain } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { servesMainland } from "./domain-rules.ts";
import { type DomainDeps, domainServiceOf, ownershipRecordOf, usageOf } from "./domains.ts";

/** Whether a certificate name covers a host name (exactly, or as a wildcard one level up). */
export function covers(certificateName: string, host: string): boolean {
  if (certificateName === host) return true;
  if (!certificateName.startsWith("*.")) return false;
  const base = certificateName.slice(2);
  return host.endsWith(`.${base}`) && !host.slice(0, -base.length - 1).includes(".");
}

/**
 * Everything between a domain and going live, each item fine or not with what was found:
 * ownership (the TXT record, or the CNAME already verified), the CNAME, the package's quota,
 * whether the origin answers (status and time), a certificate of the customer's covering the name
 * and until when, and, for packages serving mainland China, an ICP filing number.
 */
export async function goLiveCheck(
  deps: DomainDeps,
  userId: number,
  orderNo: string,
  domainId: number,
): Promise<GoLiveView> {
  const service = await domainServiceOf(deps.db, userId, orderNo);
  const rows = await deps.db.select().from(bizServiceDomain).where(eq(bizServiceDomain.serviceId, service.serviceId));
  const domain = rows.find((row) => row.domainId === domainId);
  if (!domain) throw new AppError(404, "domain_not_found");
  const ownership = ownershipRecordOf(domain);
  const lookup = async (ask: () => Promise<string[]>) => {
    try {
      return await ask();
    } catch {
      return [];
    }
  };
  // The DNS questions and the origin's answer are awaited together: each may take seconds (a slow
  // resolver, an origin that does not answer), one after the other they added up.
  const origin = domain.originAddresses[0];
  const port = domain.originPort;
  const originAnswer = origin
    ? deps.outbound.request(
        `${domain.originProtocol === "https" ? "https" : "http"}://${isIP(origin) === 6 ? `[${origin}]` : origin}:${port}/`,
        { hostHeader: domain.name, insecureTls: true, maxRedirects: 0, timeoutMs: 8_000, maxBytes: 1024 },
      )
    : null;
  const [txt, cname] = await Promise.all([
    lookup(() => deps.records.txt(ownership.name)),
    lookup(() => deps.records.cname(domain.name)),
  ]);
  const items: GoLiveItem[] = [];
  const cnameOk = cname.includes(domain.cnameTarget);
  items.push({
    key: "ownership",
    ok: txt.includes(ownership.value) || domain.state === "active",
    found: { record: ownership.name, value: ownership.value, seen: txt.join(" · ") || null },
  });
  items.push({ key: "cname", ok: cnameOk, found: { target: domain.cnameTarget, seen: cname.join(" · ") || null } });

  const usage = usageOf(service, rows);
  const within = (u: { used: number; limit: number | null }) => u.limit === null || u.used <= u.limit;
  items.push({
    key: "quota",
    ok: within(usage.domains) && within(usage.topLevelDomains) && within(usage.originIps),
    found: {
      domains: usage.domains.used,
      domainsLimit: usage.domains.limit,
      topLevelDomains: usage.topLevelDomains.used,
      topLevelDomainsLimit: usage.topLevelDomains.limit,
    },
  });

  if (!origin || !originAnswer) {
    items.push({ key: "origin", ok: false, found: { address: null, status: null, ms: null, failure: "none" } });
  } else {
    const answer = await originAnswer;
    items.push({
      key: "origin",
      ok: answer.status !== null && answer.status < 500,
      found: { address: `${origin}:${port}`, status: answer.status, ms: answer.durationMs, failure: answer.failure },
    });
  }

  const certificates = await deps.db
    .select({ names: bizCertificate.names, notAfter: bizCertificate.notAfter })
    .from(bizCertificate)
    .where(
      and(
        eq(bizCertificate.userId, userId),
        eq(bizCertificate.state, "issued"),
        gt(bizCertificate.notAfter, deps.now()),
      ),
    );
  const covering = certificates
    .filter((c) => c.names.some((name) => covers(name, domain.name)))
    .sort((a, b) => b.notAfter!.getTime() - a.notAfter!.getTime())[0];
  items.push({
    key: "certificate",
    ok: Boolean(covering),
    found: { until: covering?.notAfter?.toISOString() ?? null },
  });

  if (servesMainland(service.configuration)) {
    items.push({ key: "icp", ok: domain.icpNumber !== "", found: { number: domain.icpNumber || null } });
  }
  return { name: domain.name, ready: items.every((item) => item.ok), items };
}
