import type { WebhookEventType } from "@rampart/contracts";
import { planQuantities } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizCertificate, bizService, bizServiceDomain, sysSite, sysUser } from "../../db/schema.ts";
import type { OrderSnapshot } from "../../events/app-events.ts";

/** An event as the platform receives it (Standard Webhooks' recommended body), and where it belongs. */
export interface PlatformEvent {
  siteId: number | null;
  serviceId: number | null;
  body: { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };
}

const customerOf = (user: typeof sysUser.$inferSelect) => ({
  userId: user.userId,
  userName: user.userName,
  email: user.email,
});
const siteOf = (site: typeof sysSite.$inferSelect | null, siteId: number | null) => ({
  siteId,
  agentCode: site?.agentCode ?? null,
  company: site?.company ?? null,
});

/**
 * A service's event, read in the transaction that makes it: the service as it now is (product,
 * edition, region, every quantity with the derived ones, extras, expiry, state), its customer and
 * site. The platform applies the latest state it hears of.
 */
export async function serviceEvent(
  tx: Tx,
  type: WebhookEventType,
  serviceId: number,
  now: Date,
): Promise<PlatformEvent | null> {
  const [row] = await tx
    .select({ service: bizService, user: sysUser, site: sysSite })
    .from(bizService)
    .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizService.siteId))
    .where(eq(bizService.serviceId, serviceId));
  if (!row) return null;
  const { service } = row;
  const configuration = service.configuration;
  return {
    siteId: service.siteId,
    serviceId,
    body: {
      type,
      timestamp: now.toISOString(),
      data: {
        service: {
          serviceId,
          orderNo: service.orderNo,
          product: service.product,
          edition: configuration.edition,
          region: configuration.region,
          quantities: planQuantities(configuration.product, configuration.quantities),
          extras: configuration.extras,
          duration: configuration.duration,
          state: service.state,
          expiresAt: service.expiresAt.toISOString(),
          cancelAtPeriodEnd: service.cancelAtPeriodEnd,
        },
        customer: customerOf(row.user),
        site: siteOf(row.site, service.siteId),
      },
    },
  };
}

/**
 * An order's event (paid, refunded): the order's amounts and what it bought, its customer and site,
 * from the event's snapshot (the service it concerns read in the same transaction).
 */
export async function orderEvent(
  tx: Tx,
  type: WebhookEventType,
  snapshot: OrderSnapshot,
  now: Date,
): Promise<PlatformEvent> {
  const { order, customer, site } = snapshot;
  const serviceOrderNo = order.action === "new" ? order.orderNo : order.serviceOrderNo;
  const [service] = serviceOrderNo
    ? await tx
        .select({ serviceId: bizService.serviceId })
        .from(bizService)
        .where(eq(bizService.orderNo, serviceOrderNo))
    : [];
  return {
    siteId: order.siteId,
    serviceId: service?.serviceId ?? null,
    body: {
      type,
      timestamp: now.toISOString(),
      data: {
        order: {
          orderNo: order.orderNo,
          action: order.action,
          product: order.product,
          serviceOrderNo,
          serviceId: service?.serviceId ?? null,
          currency: order.currency,
          amount: order.amount,
          payMethod: order.payMethod,
          status: order.status,
          paidAt: order.paidAt,
          refundedAt: order.refundedAt,
        },
        customer: { userId: customer.userId, userName: customer.userName, email: customer.email },
        // The order's own site (none: no agent code or company, as the default site does not stand in here).
        site: {
          siteId: order.siteId,
          agentCode: site.own ? site.agentCode : null,
          company: site.own ? site.company : null,
        },
      },
    },
  };
}

/**
 * A certificate's event (issued, renewed): its names, dates, fingerprint and the certificate with
 * its chain (PEM) for the platform to deploy on its load balancers and CDN, its customer and site.
 * The private key is never in an event: the platform fetches it with a signed request
 * (POST /prod-api/provisioning/certificate-key), so that no copy of it sits in the message log.
 */
export async function certificateEvent(
  tx: Tx,
  type: WebhookEventType,
  certificateId: number,
  now: Date,
): Promise<PlatformEvent | null> {
  const [row] = await tx
    .select({ certificate: bizCertificate, user: sysUser, site: sysSite })
    .from(bizCertificate)
    .innerJoin(sysUser, eq(sysUser.userId, bizCertificate.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizCertificate.siteId))
    .where(eq(bizCertificate.certificateId, certificateId));
  if (!row) return null;
  const { certificate } = row;
  return {
    siteId: certificate.siteId,
    serviceId: null,
    body: {
      type,
      timestamp: now.toISOString(),
      data: {
        certificate: {
          certificateId,
          names: certificate.names,
          source: certificate.source,
          issuer: certificate.issuer,
          notBefore: certificate.notBefore?.toISOString() ?? null,
          notAfter: certificate.notAfter?.toISOString() ?? null,
          fingerprint: certificate.fingerprint,
          certificatePem: certificate.certificatePem,
          chainPem: certificate.chainPem,
          renews: certificate.renews,
          privateKeyAvailable: certificate.privateKeySealed !== null,
        },
        customer: customerOf(row.user),
        site: siteOf(row.site, certificate.siteId),
      },
    },
  };
}

/**
 * A domain's event (added, verified, updated, removed): the domain with its CNAME target and
 * origin settings, the package it is on, its customer and site. Read before a removal is made.
 */
export async function domainEvent(
  tx: Tx,
  type: WebhookEventType,
  domainId: number,
  now: Date,
): Promise<PlatformEvent | null> {
  const [row] = await tx
    .select({ domain: bizServiceDomain, service: bizService, user: sysUser, site: sysSite })
    .from(bizServiceDomain)
    .innerJoin(bizService, eq(bizService.serviceId, bizServiceDomain.serviceId))
    .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizService.siteId))
    .where(eq(bizServiceDomain.domainId, domainId));
  if (!row) return null;
  const { domain, service } = row;
  return {
    siteId: service.siteId,
    serviceId: service.serviceId,
    body: {
      type,
      timestamp: now.toISOString(),
      data: {
        domain: {
          domainId,
          name: domain.name,
          cnameTarget: domain.cnameTarget,
          state: domain.state,
          originAddresses: domain.originAddresses,
          originProtocol: domain.originProtocol,
          originPort: domain.originPort,
          cacheRules: domain.cacheRules,
          wafMode: domain.wafMode,
          icpNumber: domain.icpNumber || null,
        },
        service: { serviceId: service.serviceId, orderNo: service.orderNo, product: service.product },
        customer: customerOf(row.user),
        site: siteOf(row.site, service.siteId),
      },
    },
  };
}
