import { DEFAULT_THEME_COLOR, FALLBACK_COMPANY, REGION_PC } from "@rampart/contracts";
import type { Db } from "../db/client.ts";
import { seedPriceLists } from "../modules/catalogue/service.ts";
import { seedCoupons } from "../modules/coupons/seed.ts";
import { seedHelpCentre } from "../modules/help/help-seed.ts";
import { createSite, hasDefaultSite, type SiteInput } from "../modules/sites/service.ts";
import { ADMIN_USER_NAME, type AdministratorCreated, ensureAdministrator } from "../modules/users/service.ts";
import { applyFirstStartChoices, seedConsole } from "./seed-console.ts";

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
  timeZone: "Asia/Ho_Chi_Minh",
  domains: ["demo.localhost"],
};

export interface SeedResult {
  administrator: AdministratorCreated | null;
}

/**
 * What every installation starts with, whoever runs it: the default and demo sites, the console's
 * roles, menus, dictionaries and settings, the price lists, the first coupons and help articles; each part only
 * when it is missing. `npm run build` puts them in the embedded database's template
 * (seed/template-database.ts), so that a first start there finds them made.
 */
export async function seedInstallation(db: Db): Promise<void> {
  if (!(await hasDefaultSite(db))) {
    await createSite(db, DEFAULT_SITE);
    await createSite(db, DEMO_SITE);
  }
  await seedConsole(db);
  await seedPriceLists(db);
  await seedCoupons(db);
  await seedHelpCentre(db, new Date());
}

/**
 * Every start: the installation's data where missing, the administrator on the first start, and
 * the choices of ADMIN_TWO_FACTOR and EMAIL_VERIFICATION while `admin` has no member (see
 * applyFirstStartChoices). One transaction: a start cut short leaves nothing half made (roles
 * without their menus, an administrator without a role).
 */
export async function seedFirstStart(
  db: Db,
  options: { adminPassword: string | undefined; adminTwoFactor: boolean; emailVerification?: boolean },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await seedInstallation(tx);
    const administrator = await ensureAdministrator(tx, options.adminPassword);
    await applyFirstStartChoices(tx, ADMIN_USER_NAME, {
      adminTwoFactor: options.adminTwoFactor,
      emailVerification: options.emailVerification ?? true,
    });
    return { administrator };
  });
}
