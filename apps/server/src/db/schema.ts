import { sql } from "drizzle-orm";
import { boolean, char, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A branded site: what a domain shows (spec section 3, the `sysByDomain` record). */
export const sysSite = pgTable(
  "sys_site",
  {
    siteId: serial("site_id").primaryKey(),
    company: varchar("company", { length: 100 }).notNull(),
    themeColor: varchar("theme_color", { length: 7 }).notNull().default("#006eff"),
    contactWay: varchar("contact_way", { length: 200 }).notNull().default(""),
    agentCode: varchar("agent_code", { length: 64 }).notNull().default(""),
    consoleDomain: varchar("console_domain", { length: 253 }).notNull().default(""),
    logo1: varchar("logo1", { length: 500 }).notNull().default(""),
    webDomain: varchar("web_domain", { length: 253 }).notNull().default(""),
    region: varchar("region", { length: 16 }).notNull().default(""),
    currency: char("currency", { length: 3 }).notNull().default("CNY"),
    /** The site that answers for localhost, IP addresses and any domain no site claims. */
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sys_site_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex("sys_site_agent_code").on(t.agentCode).where(sql`${t.agentCode} <> ''`),
  ],
);

/** The host names a site answers to, lower case, without port. */
export const sysSiteDomain = pgTable("sys_site_domain", {
  domainName: varchar("domain_name", { length: 253 }).primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sysSite.siteId, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Console accounts: operators and customers. Roles and sessions come with the accounts module. */
export const sysUser = pgTable("sys_user", {
  userId: serial("user_id").primaryKey(),
  userName: varchar("user_name", { length: 64 }).notNull().unique(),
  nickName: varchar("nick_name", { length: 64 }).notNull().default(""),
  email: varchar("email", { length: 254 }).notNull().default(""),
  phone: varchar("phone", { length: 32 }).notNull().default(""),
  avatar: varchar("avatar", { length: 500 }).notNull().default(""),
  /** argon2id PHC string; never logged, never returned. */
  passwordHash: text("password_hash").notNull(),
  /** '0' enabled, '1' disabled (the console's dictionary convention). */
  status: char("status", { length: 1 }).notNull().default("0"),
  ...timestamps,
});
