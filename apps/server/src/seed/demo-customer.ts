import { randomBytes } from "node:crypto";
import type { CreateOrderBody } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sysSite, sysUser } from "../db/schema.ts";
import { hashPassword } from "../modules/auth/password.ts";
import { loadCatalogue } from "../modules/catalogue/service.ts";
import { addDomain } from "../modules/domains/domains.ts";
import { transitionOrder } from "../modules/orders/lifecycle.ts";
import { OrderStore } from "../modules/orders/order-store.ts";
import { createOrder } from "../modules/orders/service.ts";

/** The demo customer's user name (DEMO_DATA). */
export const DEMO_CUSTOMER = "demo";

/**
 * What the demo customer bought: a package of each kind the platform reports on, for a year, with
 * the domains of the products served per domain. Names under example.com and example.net: nobody's.
 */
const DEMO_PACKAGES: readonly { product: CreateOrderBody["product"]; configuration: string; domains: string[] }[] = [
  { product: "cdn", configuration: "duration=year-1", domains: ["shop.example.com", "img.example.com"] },
  { product: "ddos", configuration: "bandwidth=100&duration=year-1", domains: [] },
  { product: "waf", configuration: "duration=year-1", domains: ["api.example.net"] },
];

/** Bought this long before the first start, so that a month of the platform's figures fits in their life. */
const BOUGHT_DAYS_AGO = 40;
const DAY_MS = 86_400_000;

export interface DemoCustomerMade {
  userName: string;
  /** Made here when DEMO_PASSWORD was not given: shown once, at the first start. */
  generatedPassword: string | null;
  /** The site's id the packages belong to (the platform endpoint of the demo is that site's). */
  siteId: number;
}

/**
 * The demo customer of a first start with DEMO_DATA: an account of the default site (the
 * console at localhost), its address confirmed, with a CDN, a DDoS and a WAF package bought
 * BOUGHT_DAYS_AGO days ago for a year, priced by the engine from the site's price list and paid
 * the one way orders are paid (marked settled offline: no mail, no platform event), and the
 * CDN's and WAF's domains added. None when an account of that name exists.
 */
export async function seedDemoCustomer(
  db: Db,
  options: { password: string | undefined; now: Date; cnameKey: Buffer },
): Promise<DemoCustomerMade | null> {
  const [taken] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, DEMO_CUSTOMER));
  if (taken) return null;
  const [site] = await db.select().from(sysSite).where(eq(sysSite.isDefault, true));
  if (!site) throw new Error("the default site is missing: the installation was not seeded");
  const generatedPassword = options.password ? null : randomBytes(12).toString("base64url");
  const bought = new Date(options.now.getTime() - BOUGHT_DAYS_AGO * DAY_MS);
  const [user] = await db
    .insert(sysUser)
    .values({
      userName: DEMO_CUSTOMER,
      nickName: "Demo customer",
      email: "demo@example.com",
      emailVerifiedAt: bought,
      passwordHash: await hashPassword(options.password ?? generatedPassword!),
      siteId: site.siteId,
      createdAt: bought,
    })
    .onConflictDoNothing()
    .returning({ userId: sysUser.userId });
  if (!user) return null;
  const catalogue = await loadCatalogue(db, site.currency);
  const store = new OrderStore(db);
  const noEvents = async () => {};
  for (const { product, configuration, domains } of DEMO_PACKAGES) {
    const placed = await createOrder(
      store,
      { product, configuration, action: "new", payMethod: "offline", idempotencyKey: `demo-${product}` },
      { userId: user.userId, siteId: site.siteId, agentCode: site.agentCode, catalogue, now: bought },
    );
    if (!placed.ok)
      throw new Error(`the demo ${product} package could not be priced: ${JSON.stringify(placed.errors)}`);
    const { orderNo } = placed.order;
    const paid = await transitionOrder(db, "pay", { orderNo, now: bought, by: "demo-data", note: "DEMO_DATA" });
    if (!paid.ok) throw new Error(`the demo order ${orderNo} could not be paid (${paid.reason})`);
    for (const name of domains)
      await addDomain(
        { db, emitEvent: noEvents, cnameKey: options.cnameKey, now: () => bought },
        user.userId,
        orderNo,
        name,
      );
  }
  return { userName: DEMO_CUSTOMER, generatedPassword, siteId: site.siteId };
}
