import { DEFAULT_THEME_COLOR, FALLBACK_COMPANY, REGION_PC } from "@rampart/contracts";
import type { Db } from "../db/client.ts";
import { seedPriceLists } from "../modules/catalogue/service.ts";
import { seedCoupons } from "../modules/coupons/seed.ts";
import { createSite, hasDefaultSite, type SiteInput } from "../modules/sites/service.ts";
import { ADMIN_USER_NAME, type AdministratorCreated, ensureAdministrator } from "../modules/users/service.ts";
import { seedConsole } from "./seed-console.ts";

/**
 * The site that answers for every host and address no other site claims. Its one host name,
 * localhost, gives links (a mail's) somewhere to point until the provider gives it theirs.
 */
export const DEFAULT_SITE: SiteInput = {
  company: FALLBACK_COMPANY,
  themeColor: DEFAULT_THEME_COLOR,
  contactWay: "sales@rampart.example · +86 400 820 6688",
  agentCode: "",
  consoleDomain: "",
  logo1: "",
  webDomain: "",
  region: REGION_PC,
  currency: "CNY",
  isDefault: true,
  domains: ["localhost"],
};

/** A second brand, to show white-labelling: open http://demo.localhost:3000. */
export const DEMO_SITE: SiteInput = {
  company: "Lotus Shield",
  themeColor: "#11a983",
  contactWay: "hello@lotusshield.example · +84 28 7300 1234",
  agentCode: "LOTUS",
  consoleDomain: "",
  logo1: "",
  webDomain: "",
  region: "VN",
  currency: "VND",
  domains: ["demo.localhost"],
};

export interface SeedResult {
  administrator: AdministratorCreated | null;
}

/**
 * First start: the default and demo sites, the administrator, and the console's roles, menus,
 * dictionaries and settings, the price lists and the first coupons. Safe to run on every start.
 */
export async function seedFirstStart(
  db: Db,
  options: { adminPassword: string | undefined; adminTwoFactor: boolean; emailVerification?: boolean },
): Promise<SeedResult> {
  if (!(await hasDefaultSite(db))) {
    await createSite(db, DEFAULT_SITE);
    await createSite(db, DEMO_SITE);
  }
  const administrator = await ensureAdministrator(db, options.adminPassword);
  await seedConsole(db, ADMIN_USER_NAME, {
    adminTwoFactor: options.adminTwoFactor,
    emailVerification: options.emailVerification ?? true,
  });
  await seedPriceLists(db);
  await seedCoupons(db);
  return { administrator };
}
