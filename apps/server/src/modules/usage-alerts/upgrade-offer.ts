import {
  type Catalogue,
  configurationToSearch,
  editionOf,
  type ProductCode,
  type PurchaseConfiguration,
} from "@rampart/pricing";
import type { Tx } from "../../db/client.ts";
import type { bizService } from "../../db/schema.ts";
import { siteOrigin } from "../sites/site-origin.ts";

type ServiceRow = typeof bizService.$inferSelect;

/** Headroom over the month's 95th percentile that the offered bandwidth leaves. */
const HEADROOM = 1.2;

/**
 * The upgrade a full package is offered: the smallest bandwidth its edition sells (in its steps)
 * that is above what it has and leaves a fifth of headroom over this month's 95th percentile, as a
 * link to the order page (/payOrder, action "upgrade"), which the pricing engine prices for the
 * days left when the customer opens it and again when the order is placed. Null when the edition
 * sells no more bandwidth (already at its most, or priced by the sales team).
 */
export async function upgradeOffer(
  tx: Tx,
  catalogue: Catalogue,
  service: ServiceRow,
  p95Bps: number,
): Promise<{ link: string; bandwidthMbps: number } | null> {
  const config = service.configuration;
  const edition = editionOf(catalogue, config.product as ProductCode, config.edition);
  const bandwidth = edition?.quantities.bandwidth;
  const current = config.quantities.bandwidth;
  if (!edition || edition.onRequest || !bandwidth || current === undefined || bandwidth.step <= 0) return null;
  const wanted = Math.max(current + bandwidth.step, (p95Bps / 1e6) * HEADROOM);
  const next = bandwidth.min + Math.ceil((wanted - bandwidth.min) / bandwidth.step) * bandwidth.step;
  if (next > bandwidth.max) return null;
  const upgraded: PurchaseConfiguration = { ...config, quantities: { ...config.quantities, bandwidth: next } };
  const search = new URLSearchParams({ product: config.product, action: "upgrade", oid: service.orderNo });
  for (const [name, value] of configurationToSearch(upgraded)) search.set(name, value);
  return { link: `${await siteOrigin(tx, service.siteId, null)}/payOrder?${search}`, bandwidthMbps: next };
}
