import {
  type AdjustmentStatus,
  type AttackAction,
  type BalanceEntryKind,
  CONFIG_VALUE_MAX,
  type DocumentTitle,
  EMPTY_SITE_CONTACTS,
  type ReconciliationProblem,
  type SiteContacts,
} from "@rampart/contracts";
import type { Catalogue, CouponRule, OverageFigures, PurchaseConfiguration } from "@rampart/pricing";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** A text in each of the five languages ({en, zh-CN, zh-TW, id, vi}). */
export type LocalizedText = Record<string, string>;

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
    /** The contact page's details for this site; an empty field falls back to the settings `contact.*`. */
    contacts: jsonb("contacts").$type<SiteContacts>().notNull().default(EMPTY_SITE_CONTACTS),
    /** Mail sent for this site: the sender's name (MAIL_FROM's address), the reply-to address. */
    mailSenderName: varchar("mail_sender_name", { length: 100 }).notNull().default(""),
    mailReplyTo: varchar("mail_reply_to", { length: 254 }).notNull().default(""),
    /** Who receives the sales alerts (new leads), comma-separated addresses. */
    salesEmails: varchar("sales_emails", { length: 1000 }).notNull().default(""),
    /** Who is paged when a customer of this site is under attack (an urgent ticket), comma-separated. */
    onCallEmails: varchar("on_call_emails", { length: 1000 }).notNull().default(""),
    /** The seller on this site's invoices: its address and tax id; numbers start with the prefix. */
    billingAddress: varchar("billing_address", { length: 300 }).notNull().default(""),
    taxId: varchar("tax_id", { length: 64 }).notNull().default(""),
    invoicePrefix: varchar("invoice_prefix", { length: 16 }).notNull().default("INV-"),
    /** The tax included in this site's prices, in basis points (1100 = 11 %); 0: none shown. */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    /**
     * What this site's invoice documents are called: "receipt" (a payment receipt) or
     * "commercial_invoice". Never a tax document (fapiao, VAT e-invoice), which Rampart does not issue.
     */
    documentTitle: varchar("document_title", { length: 32 }).$type<DocumentTitle>().notNull().default("receipt"),
    /**
     * How to pay this site offline (bank details and instructions), per language (en, zh-CN, zh-TW,
     * id, vi): shown on the order page, in the order mail and on an unpaid order.
     */
    paymentInstructions: jsonb("payment_instructions").$type<Partial<Record<string, string>>>().notNull().default({}),
    /**
     * The site's own marketing figures (the spec's defaults where absent): a number replaces the
     * default, null hides the figure. Keys are those of the web app's MARKETING_FIGURES.
     */
    marketingFigures: jsonb("marketing_figures").$type<Partial<Record<string, number | null>>>().notNull().default({}),
    /** The IANA time zone mail times are written in for this site's readers who gave none. */
    timeZone: varchar("time_zone", { length: 64 }).notNull().default("UTC"),
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

/**
 * Console accounts. Operators hold roles and belong to no site; customers usually hold none (they
 * get ROLE_DEFAULT) and belong to the site they registered on, which scopes what they see.
 */
export const sysUser = pgTable(
  "sys_user",
  {
    userId: serial("user_id").primaryKey(),
    userName: varchar("user_name", { length: 64 }).notNull().unique(),
    nickName: varchar("nick_name", { length: 64 }).notNull().default(""),
    email: varchar("email", { length: 254 }).notNull().default(""),
    phone: varchar("phone", { length: 32 }).notNull().default(""),
    /** The buyer on the customer's invoices (their name or company, tax id, address), and where invoices go. */
    billingName: varchar("billing_name", { length: 200 }).notNull().default(""),
    billingTaxId: varchar("billing_tax_id", { length: 64 }).notNull().default(""),
    billingAddress: varchar("billing_address", { length: 300 }).notNull().default(""),
    invoiceEmail: varchar("invoice_email", { length: 254 }).notNull().default(""),
    avatar: varchar("avatar", { length: 500 }).notNull().default(""),
    /** argon2id PHC string; never logged, never returned. */
    passwordHash: text("password_hash").notNull(),
    /** '0' enabled, '1' disabled (the console's dictionary convention). */
    status: char("status", { length: 1 }).notNull().default("0"),
    /** The site (agent) a customer belongs to; null for operators. */
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    loginIp: varchar("login_ip", { length: 64 }).notNull().default(""),
    loginDate: timestamp("login_date", { withTimezone: true }),
    /** The language the user last signed in (or registered) in: their mails are written in it. */
    language: varchar("language", { length: 8 }).notNull().default("en"),
    /** The IANA time zone the user reads times in (their browser's at registration, editable); "": the site's. */
    timeZone: varchar("time_zone", { length: 64 }).notNull().default(""),
    /** The customer's preference: their new services renew from the balance (issue 41). */
    autoRenewNew: boolean("auto_renew_new").notNull().default(false),
    /**
     * When the customer is told their balance is low (issue 41): null, below what their packages
     * renewing from it cost in the next 30 days; 0, never; else below this many minor units.
     */
    lowBalanceThreshold: bigint("low_balance_threshold", { mode: "number" }),
    /**
     * When the owner proved the address is theirs (a link mailed to it), or an operator vouched for
     * it; null: not confirmed (a customer with an unconfirmed address cannot order).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * The address is one the account's owner typed themselves (registering, or in the personal
     * center while addresses need no confirmation); false for one an operator typed. While addresses
     * are confirmed by mail, an unconfirmed address gets a link that grants the account (a password
     * reset) only when its owner typed it.
     */
    emailSelfTyped: boolean("email_self_typed").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // "Admin" and "admin" are the same user name: no look-alike accounts.
    uniqueIndex("sys_user_name_lower").on(sql`lower(${t.userName})`),
    // One confirmed address is one account per site (operators, with no site, count as one site).
    uniqueIndex("sys_user_verified_email")
      .on(sql`coalesce(${t.siteId}, 0)`, sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null and ${t.email} <> ''`),
    // Who a mail to an address is for (the notices kept of customers' mails), confirmed or not.
    index("sys_user_email").on(sql`coalesce(${t.siteId}, 0)`, sql`lower(${t.email})`),
  ],
);

/** A role grants menus (and the permission strings of their buttons). `admin` passes every check. */
export const sysRole = pgTable("sys_role", {
  roleId: serial("role_id").primaryKey(),
  roleKey: varchar("role_key", { length: 64 }).notNull().unique(),
  roleName: jsonb("role_name").$type<LocalizedText>().notNull(),
  sort: integer("sort").notNull().default(0),
  /** '0' enabled, '1' disabled: a disabled role grants nothing. */
  status: char("status", { length: 1 }).notNull().default("0"),
  /** Members must sign in with a second factor: one without it enrols before reaching the console. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  ...timestamps,
});

export const sysUserRole = pgTable(
  "sys_user_role",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => sysRole.roleId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * The console's menu tree: directories (M), menus (C) and buttons (F). Menus become routes;
 * buttons only carry permission strings. Titles are stored in every language.
 */
export const sysMenu = pgTable(
  "sys_menu",
  {
    menuId: serial("menu_id").primaryKey(),
    parentId: integer("parent_id").notNull().default(0),
    menuType: char("menu_type", { length: 1 }).notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    orderNum: integer("order_num").notNull().default(0),
    path: varchar("path", { length: 200 }).notNull().default(""),
    component: varchar("component", { length: 200 }).notNull().default(""),
    routeName: varchar("route_name", { length: 64 }).notNull().default(""),
    query: varchar("query", { length: 255 }).notNull().default(""),
    /** Permission string such as system:user:add ('' when the entry needs none). */
    perms: varchar("perms", { length: 100 }).notNull().default(""),
    icon: varchar("icon", { length: 100 }).notNull().default(""),
    /** An external link (opens in a new tab) rather than a page of the console. */
    isExternal: boolean("is_external").notNull().default(false),
    isCache: boolean("is_cache").notNull().default(true),
    hidden: boolean("hidden").notNull().default(false),
    status: char("status", { length: 1 }).notNull().default("0"),
    ...timestamps,
  },
  (t) => [index("sys_menu_parent").on(t.parentId, t.orderNum)],
);

export const sysRoleMenu = pgTable(
  "sys_role_menu",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => sysRole.roleId, { onDelete: "cascade" }),
    menuId: integer("menu_id")
      .notNull()
      .references(() => sysMenu.menuId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/**
 * A signed-in session. The token names it (claim `sid`); the token is honoured only while this
 * row says the session is live, so logout and forced logout take effect at once.
 */
export const sysSession = pgTable(
  "sys_session",
  {
    sessionId: uuid("session_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    ip: varchar("ip", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    loginAt: timestamp("login_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Who ended it: 'logout', 'forced' or 'disabled'. */
    revokedReason: varchar("revoked_reason", { length: 16 }),
  },
  (t) => [index("sys_session_user").on(t.userId)],
);

/** Every login attempt, successful or not (the login log, and the source of the lockout). */
export const sysLoginLog = pgTable(
  "sys_login_log",
  {
    logId: bigserial("log_id", { mode: "number" }).primaryKey(),
    userName: varchar("user_name", { length: 64 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    success: boolean("success").notNull(),
    /** A message key (login.success, login.badPassword, login.locked, ...). */
    message: varchar("message", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sys_login_log_user_time").on(t.userName, t.createdAt)],
);

/**
 * The sign-in attempts of one account (its lower-cased name) since its last success: the
 * lockout's counter. An attempt is counted atomically before its password is checked, so a burst
 * of parallel guesses on any number of processes gets at most five checks (see auth/lockout.ts).
 */
export const sysLoginLock = pgTable(
  "sys_login_lock",
  {
    accountKey: varchar("account_key", { length: 64 }).primaryKey(),
    attempts: integer("attempts").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("sys_login_lock_window").on(t.windowStart)],
);

/**
 * A user's authenticator (TOTP, RFC 6238). Secrets are kept encrypted (AES-256-GCM under a key
 * derived from TOKEN_SECRET). `secret` is the one in use once enabled; `pendingSecret` the one being
 * set up, until its first code confirms it. `lastStep` is the time step of the last code accepted:
 * a code is good once.
 */
export const sysUserTwoFactor = pgTable("sys_user_two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => sysUser.userId, { onDelete: "cascade" }),
  secret: text("secret"),
  pendingSecret: text("pending_secret"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a user's second factor, kept as keyed hashes (HMAC-SHA-256). */
export const sysUserRecoveryCode = pgTable(
  "sys_user_recovery_code",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A one-time token sent by mail (password reset, e-mail verification, invitation): only its
 * SHA-256 is kept; it is good once, for its purpose, until it expires.
 */
export const sysUserToken = pgTable(
  "sys_user_token",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 24 }).notNull(),
    /** What the token is for beyond its purpose: the address it confirms. */
    detail: varchar("detail", { length: 254 }).notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sys_user_token_user").on(t.userId, t.purpose)],
);

/**
 * A free trial taken, by the confirmed address that took it: one trial of a product per address and
 * site, however many accounts the address passes through.
 */
export const bizTrialUse = pgTable(
  "biz_trial_use",
  {
    /** The site's id, 0 for none. */
    siteKey: integer("site_key").notNull(),
    /** The mailbox the address delivers to (trial-mailbox.ts: case, sub-addresses, Gmail dots). */
    email: varchar("email", { length: 254 }).notNull(),
    product: varchar("product", { length: 16 }).notNull(),
    orderNo: varchar("order_no", { length: 32 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteKey, t.email, t.product] })],
);

/**
 * An operator's text of a mail (System → Mail templates), replacing the default text of its event
 * in its language until it is reverted (deleted). Plain text with named placeholders.
 */
export const sysMailTemplate = pgTable(
  "sys_mail_template",
  {
    event: varchar("event", { length: 48 }).notNull(),
    language: varchar("language", { length: 8 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    heading: varchar("heading", { length: 200 }).notNull(),
    body: text("body").notNull(),
    action: varchar("action", { length: 60 }).notNull().default(""),
    updatedBy: varchar("updated_by", { length: 64 }).notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event, t.language] })],
);

/**
 * A mail template's preview as rendered, for the console's sandboxed frame (which cannot carry the
 * session's token and needs the mail's inline styles); kept a minute, in the database so that any
 * process serves it.
 */
export const sysMailPreview = pgTable("sys_mail_preview", {
  previewId: uuid("preview_id").primaryKey(),
  html: text("html").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Every mail: the outbox and the mail log in one. Written in the transaction of the change that
 * causes it, rendered then (subject, HTML and text in the recipient's language, the site's
 * branding); the job runner delivers it. Status: queued → sent, or retrying → failed, or
 * not_sent when no SMTP server is configured.
 */
export const sysMail = pgTable(
  "sys_mail",
  {
    mailId: bigserial("mail_id", { mode: "number" }).primaryKey(),
    /** The Message-ID header, the same on every try. */
    messageId: varchar("message_id", { length: 255 }).notNull().unique(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    event: varchar("event", { length: 48 }).notNull(),
    language: varchar("language", { length: 8 }).notNull(),
    recipient: varchar("recipient", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 500 }).notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: varchar("status", { length: 16 }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The SMTP server's last answer (or why nothing was sent). */
    lastResponse: varchar("last_response", { length: 500 }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Documents attached when it is sent (rendered then, from their records): invoices. */
    attachments: jsonb("attachments").$type<{ invoiceNo: string }[]>().notNull().default([]),
    /** Its own reply-to (a ticket's signed address); "" for the site's. */
    replyTo: varchar("reply_to", { length: 254 }).notNull().default(""),
  },
  (t) => [
    index("sys_mail_created").on(t.createdAt),
    // The mail log, newest first, of a site or of a status (the failed ones): a page and its
    // count read from these (a count stops at capped-count.ts's limit).
    index("sys_mail_site").on(t.siteId, t.mailId),
    index("sys_mail_status").on(t.status, t.mailId),
  ],
);

/** A captcha challenge that was used: a solved challenge is accepted once. */
export const sysCaptchaUse = pgTable("sys_captcha_use", {
  challengeId: varchar("challenge_id", { length: 128 }).primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Rate-limit windows on PostgreSQL, shared by every server process (http/rate-limit-store.ts):
 * hits of one key (route and client address) in the window that ends at window_ends_at. An
 * UNLOGGED table (see its migration): counts of a minute need no crash safety.
 */
export const sysRateLimit = pgTable("sys_rate_limit", {
  key: varchar("key", { length: 400 }).primaryKey(),
  hits: integer("hits").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

export const sysDictType = pgTable("sys_dict_type", {
  dictType: varchar("dict_type", { length: 100 }).primaryKey(),
  dictName: jsonb("dict_name").$type<LocalizedText>().notNull(),
  status: char("status", { length: 1 }).notNull().default("0"),
  ...timestamps,
});

export const sysDictData = pgTable(
  "sys_dict_data",
  {
    dictCode: serial("dict_code").primaryKey(),
    dictType: varchar("dict_type", { length: 100 })
      .notNull()
      .references(() => sysDictType.dictType, { onDelete: "cascade", onUpdate: "cascade" }),
    dictSort: integer("dict_sort").notNull().default(0),
    dictLabel: jsonb("dict_label").$type<LocalizedText>().notNull(),
    dictValue: varchar("dict_value", { length: 100 }).notNull(),
    /** antd tag colour of the value in tables (default, primary, success, warning, danger, info). */
    listClass: varchar("list_class", { length: 32 }).notNull().default("default"),
    cssClass: varchar("css_class", { length: 100 }).notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    status: char("status", { length: 1 }).notNull().default("0"),
    ...timestamps,
  },
  (t) => [uniqueIndex("sys_dict_data_value").on(t.dictType, t.dictValue)],
);

/** Named settings the console reads (GET /system/config/configKey/{key}). */
export const sysConfig = pgTable("sys_config", {
  configKey: varchar("config_key", { length: 100 }).primaryKey(),
  configName: jsonb("config_name").$type<LocalizedText>().notNull(),
  configValue: varchar("config_value", { length: CONFIG_VALUE_MAX }).notNull(),
  ...timestamps,
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded file. Kept in the database (so every server process can serve it), under a random
 * id; the name the user gave it is kept only as a label, never as a path.
 */
export const sysFile = pgTable(
  "sys_file",
  {
    fileId: uuid("file_id").primaryKey(),
    ownerId: integer("owner_id").references(() => sysUser.userId, { onDelete: "set null" }),
    /** The type found in the content (image/png, application/pdf, …), not the one the client claimed. */
    contentType: varchar("content_type", { length: 100 }).notNull(),
    extension: varchar("extension", { length: 10 }).notNull(),
    size: integer("size").notNull(),
    originalName: varchar("original_name", { length: 255 }).notNull().default(""),
    content: bytea("content").notNull(),
    /** A ticket's attachment: served only to those who may read its ticket, never at its public address. */
    private: boolean("private").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sys_file_owner").on(t.ownerId)],
);

/**
 * An apply/contact form submission (a lead): who asked, about which product, on which site, and
 * where it stands (new → contacted / approved / rejected, worked in the back office).
 */
export const bizLead = pgTable(
  "biz_lead",
  {
    leadId: bigserial("lead_id", { mode: "number" }).primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 40 }).notNull(),
    address: varchar("address", { length: 300 }).notNull(),
    content: text("content").notNull(),
    product: varchar("product", { length: 40 }).notNull().default(""),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    agentCode: varchar("agent_code", { length: 64 }).notNull().default(""),
    language: varchar("language", { length: 8 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }).notNull().default(""),
    status: varchar("status", { length: 16 }).notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("biz_lead_ip_time").on(t.ip, t.createdAt), index("biz_lead_site_status").on(t.siteId, t.status)],
);

/**
 * The price list of one currency: the whole catalogue of packages/pricing as one document, read
 * by the price pages and by every order. A site sells in its currency's list.
 */
export const bizPriceList = pgTable("biz_price_list", {
  currency: char("currency", { length: 3 }).primaryKey(),
  catalogue: jsonb("catalogue").$type<Catalogue>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order: what a customer asked to buy, priced by the server with the pricing engine (never by
 * the client), and where it stands: unpaid → paid or closed; paid → refunded.
 */
export const bizOrder = pgTable(
  "biz_order",
  {
    orderId: bigserial("order_id", { mode: "number" }).primaryKey(),
    orderNo: varchar("order_no", { length: 32 }).notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    agentCode: varchar("agent_code", { length: 64 }).notNull().default(""),
    product: varchar("product", { length: 16 }).notNull(),
    action: varchar("action", { length: 16 }).notNull(),
    /** For a renewal, an upgrade or an overage: the order that bought the service (its first order). */
    serviceOrderNo: varchar("service_order_no", { length: 32 }),
    configuration: jsonb("configuration").$type<PurchaseConfiguration>().notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    originalPrice: bigint("original_price", { mode: "number" }).notNull(),
    discount: bigint("discount", { mode: "number" }).notNull(),
    couponDeduction: bigint("coupon_deduction", { mode: "number" }).notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /**
     * The part of the amount taken from the customer's balance while the rest is paid through a
     * channel (a `hold` entry of the ledger, referenced by the order's number): the channel is asked
     * for amount − balanceHeld; closed unpaid, the part goes back to the balance (a reversal).
     */
    balanceHeld: bigint("balance_held", { mode: "number" }).notNull().default(0),
    payMethod: varchar("pay_method", { length: 16 }).notNull(),
    status: varchar("status", { length: 16 }).notNull().default("unpaid"),
    /** The client's key for one submit: a retried submit finds the order it already made. */
    idempotencyKey: varchar("idempotency_key", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The coupon this order used (one per order). */
    couponCode: varchar("coupon_code", { length: 32 }).references(() => bizCoupon.code),
    /** The payment channel's number for this order's trade (Alipay's trade_no). */
    tradeNo: varchar("trade_no", { length: 64 }),
    /** Who moved the order by hand (confirmed, refunded or closed it), and why. */
    handledBy: varchar("handled_by", { length: 64 }),
    handledNote: varchar("handled_note", { length: 500 }),
    /** A free trial: one per customer and product, which the database holds (index below). */
    isTrial: boolean("is_trial").notNull().default(false),
  },
  (t) => [
    uniqueIndex("biz_order_user_idempotency").on(t.userId, t.idempotencyKey),
    index("biz_order_user_time").on(t.userId, t.createdAt),
    // The operators' list, newest first, a page at a time: read from this index (a page of 20 is 20
    // index entries) instead of sorting every order (34 ms for 13,000 orders on PostgreSQL).
    index("biz_order_time").on(t.createdAt, t.orderId),
    // The same list of a site (an operator bound to it) and by status, the console's first filter.
    index("biz_order_site_time").on(t.siteId, t.createdAt, t.orderId),
    index("biz_order_status_time").on(t.status, t.createdAt, t.orderId),
    index("biz_order_service").on(t.serviceOrderNo),
    // However many requests race, a customer takes one trial of a product, and a service has one
    // unpaid change (renewal or upgrade) at a time: the second INSERT finds the first. An overage
    // order (bandwidth used beyond the package, billed after the month) is no change of the service.
    uniqueIndex("biz_order_one_trial").on(t.userId, t.product).where(sql`${t.isTrial}`),
    uniqueIndex("biz_order_one_unpaid_change")
      .on(t.serviceOrderNo)
      .where(sql`${t.status} = 'unpaid' and ${t.serviceOrderNo} is not null and ${t.action} <> 'overage'`),
  ],
);

/**
 * A service a customer bought: created when its "new" order is paid, extended by each paid
 * renewal, changed by each paid upgrade. Named by the order that bought it (the upgrade page's oid).
 */
export const bizService = pgTable(
  "biz_service",
  {
    serviceId: bigserial("service_id", { mode: "number" }).primaryKey(),
    orderNo: varchar("order_no", { length: 32 }).notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    agentCode: varchar("agent_code", { length: 64 }).notNull().default(""),
    product: varchar("product", { length: 16 }).notNull(),
    configuration: jsonb("configuration").$type<PurchaseConfiguration>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * Where the service stands: active → grace (expired, still served) → suspended → terminated;
     * a paid renewal brings a grace or suspended service back to active. See modules/services.
     */
    state: varchar("state", { length: 16 }).notNull().default("active"),
    /** The customer asked to stop at the end of the period: no renewal, terminated at expiry. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Renewal orders of this service are paid from its owner's balance (issue 41). */
    autoRenew: boolean("auto_renew").notNull().default(false),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /**
     * Suspended by an operator (abuse, a dispute): only an operator lifts it; a paid renewal
     * extends the period but does not bring it back, and the schedule never terminates it.
     */
    operatorHold: boolean("operator_hold").notNull().default(false),
    terminatedAt: timestamp("terminated_at", { withTimezone: true }),
    /**
     * Whether the provider's platform has set it up: none (no endpoint hears of new services),
     * pending (told, not confirmed yet), active or failed (its callback said so, with a message).
     */
    provisioning: varchar("provisioning", { length: 16 }).notNull().default("none"),
    provisioningMessage: varchar("provisioning_message", { length: 500 }),
    /** Since when the platform is waiting to confirm (the deadline counts from it). */
    provisioningSince: timestamp("provisioning_since", { withTimezone: true }),
    /** When the site's operators were told that the confirmation is overdue (once). */
    provisioningOverdueAt: timestamp("provisioning_overdue_at", { withTimezone: true }),
    /**
     * The number of the latest event about this service sent to the platform: each next one takes
     * the next number in its change's transaction (the row's lock orders them as they commit), so
     * that a receiver can put events that arrive out of order back in order.
     */
    eventSequence: bigint("event_sequence", { mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("biz_service_user").on(t.userId, t.expiresAt),
    index("biz_service_state").on(t.state, t.expiresAt),
    // The operators' list, soonest expiry first, of every site or of one: a page read from these.
    index("biz_service_expiry").on(t.expiresAt, t.serviceId),
    index("biz_service_site").on(t.siteId, t.expiresAt, t.serviceId),
    index("biz_service_provisioning").on(t.provisioning, t.provisioningSince),
  ],
);

/** Every change of a service's state: from, to, why, who (a user name, or the job that did it), when. */
export const bizServiceEvent = pgTable(
  "biz_service_event",
  {
    eventId: bigserial("event_id", { mode: "number" }).primaryKey(),
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    fromState: varchar("from_state", { length: 16 }).notNull(),
    toState: varchar("to_state", { length: 16 }).notNull(),
    reason: varchar("reason", { length: 500 }).notNull().default(""),
    actor: varchar("actor", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("biz_service_event_service").on(t.serviceId, t.createdAt)],
);

/** A reminder sent: once per service, period (its expiry then) and threshold (days before). */
export const bizServiceReminder = pgTable(
  "biz_service_reminder",
  {
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    days: integer("days").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.periodEnd, t.days] })],
);

/**
 * A coupon: the engine's rule (amount or percent, threshold, product, edition, action, duration,
 * channel, validity) plus what needs the database: a global cap, a per-customer cap, new customers
 * only, customers it is bound to. Listed coupons are offered on the price pages.
 */
export const bizCoupon = pgTable("biz_coupon", {
  couponId: serial("coupon_id").primaryKey(),
  code: varchar("code", { length: 32 }).notNull().unique(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  rule: jsonb("rule").$type<Omit<CouponRule, "code">>().notNull(),
  /** Uses allowed in all (null: no cap) and per customer. */
  maxUses: integer("max_uses"),
  perCustomer: integer("per_customer").notNull().default(1),
  /** Counted with the uses, under the coupon's row lock. */
  uses: integer("uses").notNull().default(0),
  newCustomersOnly: boolean("new_customers_only").notNull().default(false),
  /** Only these customers may use it (empty: anyone). */
  userIds: integer("user_ids").array().notNull().default(sql`'{}'::integer[]`),
  /** Offered on the price pages; otherwise it is used by typing its code. */
  listed: boolean("listed").notNull().default(true),
  status: varchar("status", { length: 16 }).notNull().default("active"),
  ...timestamps,
});

/** Every use of a coupon: by whom, on which order, for how much; released when the order closes unpaid. */
export const bizCouponUse = pgTable(
  "biz_coupon_use",
  {
    useId: bigserial("use_id", { mode: "number" }).primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => bizCoupon.couponId),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    orderNo: varchar("order_no", { length: 32 }).notNull().unique(),
    deduction: bigint("deduction", { mode: "number" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [index("biz_coupon_use_coupon_user").on(t.couponId, t.userId)],
);

/**
 * Every payment notification as it arrived (kept whatever became of it), and what was done with
 * it. Holds the channel's raw fields: readable only by the server.
 */
export const bizPayNotify = pgTable(
  "biz_pay_notify",
  {
    notifyId: bigserial("notify_id", { mode: "number" }).primaryKey(),
    channel: varchar("channel", { length: 16 }).notNull(),
    orderNo: varchar("order_no", { length: 64 }),
    tradeStatus: varchar("trade_status", { length: 32 }),
    /** paid, duplicate, ignored, or rejected:<reason>. */
    outcome: varchar("outcome", { length: 64 }).notNull(),
    raw: jsonb("raw").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("biz_pay_notify_order").on(t.orderNo)],
);

/** Every change of a lead's status: from what to what, by whom, when, and the operator's note. */
export const bizLeadEvent = pgTable(
  "biz_lead_event",
  {
    eventId: bigserial("event_id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => bizLead.leadId, { onDelete: "cascade" }),
    fromStatus: varchar("from_status", { length: 16 }).notNull(),
    toStatus: varchar("to_status", { length: 16 }).notNull(),
    note: varchar("note", { length: 500 }).notNull().default(""),
    byUser: varchar("by_user", { length: 64 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("biz_lead_event_lead").on(t.leadId, t.at)],
);

/** The status of an operation whose answer is not recorded (yet): it is being handled, or was never completed. */
export const OPERATION_PENDING = 0;

/**
 * The operation log: every change asked of the API — who (no one: a visitor), from where, which
 * route and record, what was sent (secrets removed), the outcome, and where a route says so the
 * record before and after. Written before the route runs (see http/operation-log.ts).
 */
export const sysOperLog = pgTable(
  "sys_oper_log",
  {
    operId: bigserial("oper_id", { mode: "number" }).primaryKey(),
    /** The API module (the first segment after /prod-api: order, lead, system, ...). */
    module: varchar("module", { length: 32 }).notNull(),
    /** The route: method and pattern ("PUT /prod-api/order/coupon/:couponId"). */
    route: varchar("route", { length: 200 }).notNull(),
    /** The route's parameters (which record). */
    target: jsonb("target").$type<Record<string, unknown>>().notNull().default({}),
    /** Null: a visitor (registration, the apply form, a payment channel's notification). */
    userId: bigint("user_id", { mode: "number" }),
    /** "" for a visitor. */
    userName: varchar("user_name", { length: 64 }).notNull(),
    /** The site the user is bound to (null: none); an operator bound to a site sees that site's. */
    siteId: integer("site_id"),
    ip: varchar("ip", { length: 64 }).notNull(),
    /** The answer's HTTP status; OPERATION_PENDING until it is known. */
    statusCode: integer("status_code").notNull(),
    /** The answer's message when the change was refused. */
    error: varchar("error", { length: 500 }).notNull().default(""),
    body: jsonb("body"),
    before: jsonb("before"),
    after: jsonb("after"),
    costMs: integer("cost_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The log, newest first: of everyone, of a site's accounts, of a module.
    index("sys_oper_log_time").on(t.createdAt, t.operId),
    index("sys_oper_log_site").on(t.siteId, t.createdAt, t.operId),
    index("sys_oper_log_module").on(t.module, t.createdAt, t.operId),
    index("sys_oper_log_user").on(t.userName, t.createdAt),
  ],
);

/** A file attached to a notice: its name as uploaded and its address under /prod-api/file/. */
export interface NoticeAttachment {
  name: string;
  url: string;
}

/**
 * A notice or announcement (System → Notices): rich text sanitised on the server, attachments,
 * for every site or one; signed-in users of its site read it once it is published.
 */
export const sysNotice = pgTable(
  "sys_notice",
  {
    noticeId: serial("notice_id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    /** 'notice' or 'announcement'. */
    noticeType: varchar("notice_type", { length: 16 }).notNull(),
    /** Sanitised HTML. */
    content: text("content").notNull(),
    attachments: jsonb("attachments").$type<NoticeAttachment[]>().notNull().default([]),
    /** The site whose users read it; null: every site. */
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "cascade" }),
    /** 'draft' or 'published'. */
    status: varchar("status", { length: 16 }).notNull().default("draft"),
    createdBy: varchar("created_by", { length: 64 }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("sys_notice_site_status").on(t.siteId, t.status)],
);

/**
 * An endpoint of the provider's platform that hears of orders and services (System → Webhooks):
 * its URL, the events it takes, one site's or every site's (null), its signing secret (sealed
 * under a key derived from TOKEN_SECRET: shown once when made), and whether it is on. An endpoint
 * failing for a day is switched off, with why.
 */
export const sysWebhook = pgTable("sys_webhook", {
  webhookId: serial("webhook_id").primaryKey(),
  siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "cascade" }),
  url: varchar("url", { length: 500 }).notNull(),
  description: varchar("description", { length: 200 }).notNull().default(""),
  events: jsonb("events").$type<string[]>().notNull(),
  secret: varchar("secret", { length: 300 }).notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** The first failure since the last success; cleared by a success. */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  disabledReason: varchar("disabled_reason", { length: 200 }),
  createdBy: varchar("created_by", { length: 64 }).notNull(),
  ...timestamps,
});

/**
 * One event for one endpoint (Standard Webhooks' message): its id (the `webhook-id` header, the
 * same on every try and on a replay), its type and body, recorded in the transaction of the change;
 * pending until a 2xx answer (delivered) or until the tries run out (failed).
 */
export const sysWebhookMessage = pgTable(
  "sys_webhook_message",
  {
    messageId: varchar("message_id", { length: 40 }).primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => sysWebhook.webhookId, { onDelete: "cascade" }),
    eventType: varchar("event_type", { length: 32 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    serviceId: bigint("service_id", { mode: "number" }),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("sys_webhook_message_endpoint").on(t.webhookId, t.createdAt)],
);

/** Each try of a message: the answer's status (null when none came), how long, what it said. */
export const sysWebhookAttempt = pgTable(
  "sys_webhook_attempt",
  {
    attemptId: bigserial("attempt_id", { mode: "number" }).primaryKey(),
    messageId: varchar("message_id", { length: 40 })
      .notNull()
      .references(() => sysWebhookMessage.messageId, { onDelete: "cascade" }),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    /** The start of the answer's body, or why no answer came. */
    response: varchar("response", { length: 500 }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sys_webhook_attempt_message").on(t.messageId, t.createdAt)],
);

/** The ids of the platform's signed callbacks already taken: a replayed callback is refused. */
export const sysWebhookCallback = pgTable("sys_webhook_callback", {
  callbackId: varchar("callback_id", { length: 100 }).primaryKey(),
  webhookId: integer("webhook_id")
    .notNull()
    .references(() => sysWebhook.webhookId, { onDelete: "cascade" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given per invoice prefix and kind (invoice, credit note): taken with the row
 * locked in the payment's (or refund's) transaction, so numbers run without gaps or duplicates.
 * Each site has its own prefix (its sequence); sites given the same prefix share one.
 */
export const bizInvoiceSequence = pgTable(
  "biz_invoice_sequence",
  {
    prefix: varchar("prefix", { length: 16 }).notNull(),
    kind: varchar("kind", { length: 16 }).notNull(),
    lastNo: integer("last_no").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.kind] })],
);

/**
 * An invoice for a paid order, or a credit note for its refund (referring to the invoice): a
 * number from its site's sequence and an unchangeable snapshot of seller, buyer, lines, currency,
 * tax and totals as they were when it was issued.
 */
export const bizInvoice = pgTable(
  "biz_invoice",
  {
    invoiceId: bigserial("invoice_id", { mode: "number" }).primaryKey(),
    invoiceNo: varchar("invoice_no", { length: 40 }).notNull().unique(),
    kind: varchar("kind", { length: 16 }).notNull(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    orderNo: varchar("order_no", { length: 32 }).notNull(),
    /** A credit note's invoice. */
    refersTo: varchar("refers_to", { length: 40 }),
    snapshot: jsonb("snapshot").$type<InvoiceSnapshot>().notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** What was paid (an invoice) or given back (a credit note), tax included, in minor units. */
    total: bigint("total", { mode: "number" }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_invoice_order_kind").on(t.orderNo, t.kind),
    index("biz_invoice_site").on(t.siteId, t.issuedAt),
    index("biz_invoice_user").on(t.userId, t.issuedAt),
    // The operators' list, newest first, and its credit notes alone.
    index("biz_invoice_time").on(t.issuedAt, t.invoiceId),
    index("biz_invoice_kind").on(t.kind, t.issuedAt, t.invoiceId),
  ],
);

/** What an invoice says, frozen when it is issued. Amounts in minor units of `currency`. */
export interface InvoiceSnapshot {
  seller: { company: string; address: string; taxId: string; contact: string };
  buyer: { name: string; userName: string; taxId: string; address: string; email: string };
  lines: {
    description: {
      product: string;
      edition: string;
      duration: string;
      action: string;
      /** Of an overage order: the month's figures that made the amount. */
      overage?: OverageFigures;
    };
    amount: number;
  }[];
  currency: string;
  /** Before discounts. */
  subtotal: number;
  discount: number;
  couponDeduction: number;
  /** Basis points of tax included in the total (0: none). */
  taxRateBp: number;
  tax: number;
  total: number;
  orderNo: string;
  payMethod: string;
  paidAt: string;
  /** What the document is called, the site's choice when issued (absent in older ones: a receipt). */
  documentTitle?: DocumentTitle;
  /**
   * The zone the document gives its dates in, its buyer's when issued (else its site's), as their
   * mails; absent in older ones, which are dated in their buyer's or site's zone when read.
   */
  timeZone?: string;
}

/** A customer's website check (Control center → Monitoring): what is asked, how often, how it stands. */
export const bizMonitor = pgTable(
  "biz_monitor",
  {
    monitorId: serial("monitor_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    /** The site the customer signed up on: its branding and console address in the alerts. */
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    name: varchar("name", { length: 100 }).notNull(),
    url: varchar("url", { length: 2000 }).notNull(),
    method: varchar("method", { length: 8 }).notNull(),
    expectedStatus: integer("expected_status").notNull(),
    keyword: varchar("keyword", { length: 200 }).notNull().default(""),
    intervalSeconds: integer("interval_seconds").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** pending (not checked yet), up, down (after MONITOR_FAILURES_TO_ALERT failures in a row). */
    state: varchar("state", { length: 8 }).notNull().default("pending"),
    failures: integer("failures").notNull().default(0),
    /** The first failed check of the current streak. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastMs: integer("last_ms"),
    lastError: varchar("last_error", { length: 300 }),
    certificateExpiresAt: timestamp("certificate_expires_at", { withTimezone: true }),
    /** The last "Check now" (one every ten seconds at most: a button is not a load generator). */
    checkRequestedAt: timestamp("check_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("biz_monitor_user").on(t.userId), index("biz_monitor_due").on(t.nextCheckAt)],
);

/** Each check of the last 30 days (each is counted in its hour too: biz_monitor_hourly). */
export const bizMonitorResult = pgTable(
  "biz_monitor_result",
  {
    resultId: bigserial("result_id", { mode: "number" }).primaryKey(),
    monitorId: integer("monitor_id")
      .notNull()
      .references(() => bizMonitor.monitorId, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    statusCode: integer("status_code"),
    responseMs: integer("response_ms").notNull(),
    error: varchar("error", { length: 300 }),
  },
  (t) => [index("biz_monitor_result_at").on(t.monitorId, t.checkedAt)],
);

/** A monitor's checks counted per hour (UTC) as they are kept, for 400 days. */
export const bizMonitorHourly = pgTable(
  "biz_monitor_hourly",
  {
    monitorId: integer("monitor_id")
      .notNull()
      .references(() => bizMonitor.monitorId, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    checks: integer("checks").notNull(),
    failures: integer("failures").notNull(),
    /** The sum of the successful checks' response times (their average is this / (checks − failures)). */
    totalMs: bigint("total_ms", { mode: "number" }).notNull(),
    maxMs: integer("max_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.hour] })],
);

/** A time a monitor was down: from the first failed check of the streak to the first success after it. */
export const bizMonitorIncident = pgTable(
  "biz_monitor_incident",
  {
    incidentId: bigserial("incident_id", { mode: "number" }).primaryKey(),
    monitorId: integer("monitor_id")
      .notNull()
      .references(() => bizMonitor.monitorId, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    cause: varchar("cause", { length: 300 }).notNull(),
  },
  (t) => [index("biz_monitor_incident_at").on(t.monitorId, t.startedAt)],
);

/** The installation's ACME account per directory: its key (sealed) made once, its URL at the CA. */
export const sysAcmeAccount = pgTable("sys_acme_account", {
  directoryUrl: varchar("directory_url", { length: 500 }).primaryKey(),
  accountKeySealed: text("account_key_sealed").notNull(),
  accountUrl: varchar("account_url", { length: 500 }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** One name's proof of control for an ACME order (a TXT record or a file), as the CA asked for it. */
export interface StoredChallenge {
  name: string;
  type: "dns-01" | "http-01";
  token: string;
  /** What the TXT record holds (DNS-01) or the file contains (HTTP-01). */
  keyAuthorization: string;
  authorizationUrl: string;
  challengeUrl: string;
  status: "pending" | "valid" | "invalid";
}

/** A customer's certificate (Control center → Certificates): issued here by ACME, uploaded, or a CSR made here. */
export const bizCertificate = pgTable(
  "biz_certificate",
  {
    certificateId: serial("certificate_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    source: varchar("source", { length: 8 }).notNull(),
    state: varchar("state", { length: 12 }).notNull(),
    names: jsonb("names").$type<string[]>().notNull(),
    validation: varchar("validation", { length: 8 }),
    keyType: varchar("key_type", { length: 16 }),
    csrPem: text("csr_pem"),
    certificatePem: text("certificate_pem"),
    chainPem: text("chain_pem"),
    /** The private key, sealed under a key derived from TOKEN_SECRET; null when Rampart never had it. */
    privateKeySealed: text("private_key_sealed"),
    issuer: varchar("issuer", { length: 300 }),
    serialNumber: varchar("serial_number", { length: 80 }),
    fingerprint: varchar("fingerprint", { length: 100 }),
    notBefore: timestamp("not_before", { withTimezone: true }),
    notAfter: timestamp("not_after", { withTimezone: true }),
    acmeOrderUrl: varchar("acme_order_url", { length: 500 }),
    challenges: jsonb("challenges").$type<StoredChallenge[]>().notNull().default([]),
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** The certificate this one renews (the old one stays until this one is issued). */
    renews: integer("renews"),
    lastError: varchar("last_error", { length: 500 }),
    /** The issuing job's claim (a second run, or one after a crash, finds it taken or stale). */
    issueStartedAt: timestamp("issue_started_at", { withTimezone: true }),
    servedCheckedAt: timestamp("served_checked_at", { withTimezone: true }),
    servedNotAfter: timestamp("served_not_after", { withTimezone: true }),
    servedMatches: boolean("served_matches"),
    servedError: varchar("served_error", { length: 100 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
  },
  (t) => [index("biz_certificate_user").on(t.userId), index("biz_certificate_expiry").on(t.notAfter)],
);

/** A TLS endpoint a customer watches: the certificate it serves, read once a day. */
export const bizTlsWatch = pgTable(
  "biz_tls_watch",
  {
    watchId: serial("watch_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    host: varchar("host", { length: 253 }).notNull(),
    port: integer("port").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    subject: varchar("subject", { length: 300 }),
    issuer: varchar("issuer", { length: 300 }),
    names: jsonb("names").$type<string[]>().notNull().default([]),
    notAfter: timestamp("not_after", { withTimezone: true }),
    fingerprint: varchar("fingerprint", { length: 100 }),
    trusted: boolean("trusted"),
    error: varchar("error", { length: 100 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("biz_tls_watch_endpoint").on(t.userId, t.host, t.port)],
);

/** A reminder sent before a certificate ends (stored or served): once per certificate, end date and threshold. */
export const bizCertificateReminder = pgTable(
  "biz_certificate_reminder",
  {
    /** `cert-<id>` or `watch-<id>`. */
    subject: varchar("subject", { length: 40 }).notNull(),
    notAfter: timestamp("not_after", { withTimezone: true }).notNull(),
    days: integer("days").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.notAfter, t.days] })],
);

/** A domain on a CDN, DDoS or WAF package: pointed at the platform by CNAME, fetched from its origin. */
export const bizServiceDomain = pgTable(
  "biz_service_domain",
  {
    domainId: serial("domain_id").primaryKey(),
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    name: varchar("name", { length: 253 }).notNull(),
    /** Its registrable domain (the Public Suffix List's): top-level domains are counted by it. */
    registrableDomain: varchar("registrable_domain", { length: 253 }).notNull(),
    cnameTarget: varchar("cname_target", { length: 253 }).notNull(),
    ownershipToken: varchar("ownership_token", { length: 64 }).notNull(),
    state: varchar("state", { length: 8 }).notNull().default("pending"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    originAddresses: jsonb("origin_addresses").$type<string[]>().notNull().default([]),
    originProtocol: varchar("origin_protocol", { length: 8 }).notNull().default("http"),
    originPort: integer("origin_port").notNull().default(80),
    cacheRules: jsonb("cache_rules").$type<{ path: string; ttlSeconds: number }[]>().notNull().default([]),
    wafMode: varchar("waf_mode", { length: 8 }).notNull().default("block"),
    icpNumber: varchar("icp_number", { length: 64 }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_service_domain_name").on(t.serviceId, t.name),
    index("biz_service_domain_by_name").on(t.name),
  ],
);

/**
 * What a package did (issue 40), as the provider's platform reports it: the figures of one bucket
 * of time for a service, or for one of its domains (`domain` empty: the whole service). Sums add up
 * over time; `peak_bps` is the highest of the bucket's. One set of columns for each granularity.
 */
const usageFigures = {
  bytesOut: bigint("bytes_out", { mode: "number" }).notNull(),
  bytesOrigin: bigint("bytes_origin", { mode: "number" }).notNull(),
  requests: bigint("requests", { mode: "number" }).notNull(),
  cachedRequests: bigint("cached_requests", { mode: "number" }).notNull(),
  cachedBytes: bigint("cached_bytes", { mode: "number" }).notNull(),
  status2xx: bigint("status_2xx", { mode: "number" }).notNull(),
  status3xx: bigint("status_3xx", { mode: "number" }).notNull(),
  status4xx: bigint("status_4xx", { mode: "number" }).notNull(),
  status5xx: bigint("status_5xx", { mode: "number" }).notNull(),
  peakBps: bigint("peak_bps", { mode: "number" }).notNull(),
  wafBlocked: bigint("waf_blocked", { mode: "number" }).notNull(),
  ddosBytes: bigint("ddos_bytes", { mode: "number" }).notNull(),
  ddosPackets: bigint("ddos_packets", { mode: "number" }).notNull(),
};

/**
 * 5-minute buckets, kept 35 days (`sys.usage.keep5mDays`). On both databases the table is
 * partitioned by month of `bucket` (migration 0042 makes it so; drizzle describes its columns):
 * a month's partition is made before its first row and dropped whole once past retention. No
 * foreign key: a batch's services are checked once, not per row. The primary key's index also
 * carries `peak_bps` (INCLUDE, migration 0047: a range's 95th percentile is read from it alone).
 */
export const bizUsage5m = pgTable(
  "biz_usage_5m",
  {
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    domain: varchar("domain", { length: 253 }).notNull().default(""),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    ...usageFigures,
    /** When the platform sent these figures (a correction replaces them and moves this on). */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.domain, t.bucket] })],
);

/**
 * Hours (UTC) rolled up from the 5-minute buckets, kept 13 months (`sys.usage.keepHourlyMonths`).
 */
export const bizUsageHourly = pgTable(
  "biz_usage_hourly",
  {
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    domain: varchar("domain", { length: 253 }).notNull().default(""),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    ...usageFigures,
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.domain, t.hour] })],
);

/**
 * The hours (UTC) whose 5-minute buckets changed since the last roll-up: a batch marks them, the
 * hourly upkeep rolls them (and their days) up again and removes the marks.
 */
export const bizUsageDirtyHour = pgTable(
  "biz_usage_dirty_hour",
  {
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.hour] })],
);

/** Days (UTC) rolled up from the hours, kept 5 years (`sys.usage.keepDailyYears`). */
export const bizUsageDaily = pgTable(
  "biz_usage_daily",
  {
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    domain: varchar("domain", { length: 253 }).notNull().default(""),
    day: timestamp("day", { withTimezone: true }).notNull(),
    ...usageFigures,
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.domain, t.day] })],
);

/** A part of a month billed against one commitment: its days [from, until] and its figures. */
export interface KeptMonthPart {
  from: string;
  until: string;
  p95Bps: number;
  samples: number;
  /** Its days in service. */
  days: number;
}

/**
 * A service's month (in its site's time zone) as billed: the 95th percentile of its 5-minute peaks,
 * computed from the buckets before they are rolled up, and the overage order it led to.
 */
export const bizUsageMonth = pgTable(
  "biz_usage_month",
  {
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    /** The month's first day, YYYY-MM-01. */
    month: varchar("month", { length: 10 }).notNull(),
    p95Bps: bigint("p95_bps", { mode: "number" }).notNull(),
    /** The buckets the percentile was taken over. */
    samples: integer("samples").notNull(),
    bytesOut: bigint("bytes_out", { mode: "number" }).notNull(),
    /**
     * Of a month in which the package's commitment changed (overage/month-commitments.ts): each
     * part's figures, as billed; null for a month of one commitment.
     */
    parts: jsonb("parts").$type<KeptMonthPart[]>(),
    /** The usage alerts sent this month (80, 100), each once. */
    alertsSent: jsonb("alerts_sent").$type<number[]>().notNull().default([]),
    overageOrderNo: varchar("overage_order_no", { length: 32 }),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.month] })],
);

/** A day's (UTC) top list of one kind for a service (countries, URLs, clients, referrers, statuses), kept 90 days. */
export const bizUsageTop = pgTable(
  "biz_usage_top",
  {
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    day: varchar("day", { length: 10 }).notNull(),
    kind: varchar("kind", { length: 16 }).notNull(),
    /** The entry's place in the list, from 1. */
    rank: integer("rank").notNull(),
    key: varchar("key", { length: 2000 }).notNull(),
    requests: bigint("requests", { mode: "number" }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day, t.kind, t.rank] })],
);

/** An attack on a service as the platform reported it, opened and later closed; kept 2 years. */
export const bizAttackEvent = pgTable(
  "biz_attack_event",
  {
    eventId: bigserial("event_id", { mode: "number" }).primaryKey(),
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    /** The platform's id of the attack. */
    attackId: varchar("attack_id", { length: 100 }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    target: varchar("target", { length: 253 }).notNull(),
    vector: varchar("vector", { length: 100 }).notNull(),
    peakBps: bigint("peak_bps", { mode: "number" }).notNull(),
    peakPps: bigint("peak_pps", { mode: "number" }).notNull(),
    action: varchar("action", { length: 16 }).$type<AttackAction>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_attack_event_platform_id").on(t.serviceId, t.attackId),
    index("biz_attack_event_at").on(t.serviceId, t.startedAt),
  ],
);

/**
 * What the usage alerts remember of a package (issue 40): since when its attacks were last mailed
 * (one mail an hour while they go on), and the month it was throttled in at 100 % (null: not
 * throttled; undone by an upgrade or the next month).
 */
export const bizUsageAlertState = pgTable("biz_usage_alert_state", {
  serviceId: bigint("service_id", { mode: "number" })
    .primaryKey()
    .references(() => bizService.serviceId, { onDelete: "cascade" }),
  attackMailedAt: timestamp("attack_mailed_at", { withTimezone: true }),
  throttledMonth: varchar("throttled_month", { length: 10 }),
});

/**
 * An attack event as the alerts have told of it: its start and end sent to the platform
 * (`attack.started`, `attack.ended`) and mailed to the customer (alone or in a summary).
 */
export const bizAttackNotice = pgTable(
  "biz_attack_notice",
  {
    eventId: bigint("event_id", { mode: "number" })
      .primaryKey()
      .references(() => bizAttackEvent.eventId, { onDelete: "cascade" }),
    serviceId: bigint("service_id", { mode: "number" }).notNull(),
    endSent: boolean("end_sent").notNull().default(false),
    startMailed: boolean("start_mailed").notNull().default(false),
    endMailed: boolean("end_mailed").notNull().default(false),
  },
  // What is still to be mailed, found without reading two years of notices.
  (t) => [
    index("biz_attack_notice_unmailed")
      .on(t.serviceId)
      .where(sql`not ${t.startMailed} or (${t.endSent} and not ${t.endMailed})`),
  ],
);

/** A customer's purge or prefetch of a package's cache, as asked and as the platform answered. */
export const bizCachePurge = pgTable(
  "biz_cache_purge",
  {
    purgeId: bigserial("purge_id", { mode: "number" }).primaryKey(),
    serviceId: bigint("service_id", { mode: "number" })
      .notNull()
      .references(() => bizService.serviceId, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    /** purge, prefetch */
    kind: varchar("kind", { length: 8 }).notNull(),
    /** urls, directories, everything */
    scope: varchar("scope", { length: 12 }).notNull(),
    targets: jsonb("targets").$type<string[]>().notNull(),
    /** pending, done, failed */
    state: varchar("state", { length: 8 }).notNull().default("pending"),
    message: varchar("message", { length: 500 }),
    /** The site's day it counts against the daily quota, YYYY-MM-DD. */
    day: varchar("day", { length: 10 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("biz_cache_purge_service_day").on(t.serviceId, t.day)],
);

/**
 * A customer's balance in one currency (issue 41): the sum of its ledger's entries, kept here so
 * that a debit and its check are one locked row. Never below zero (the database refuses it too).
 */
export const bizBalance = pgTable(
  "biz_balance",
  {
    balanceId: serial("balance_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    currency: char("currency", { length: 3 }).notNull(),
    /** Minor units. */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** When its owner was told it fell below their threshold; cleared once it is above it again. */
    lowAlertedAt: timestamp("low_alerted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("biz_balance_user_currency").on(t.userId, t.currency),
    check("biz_balance_not_negative", sql`${t.amount} >= 0`),
  ],
);

/**
 * The ledger: every change of a balance, appended, never updated or deleted (a mistake is answered
 * by a reversal). One entry per kind and reference, which makes each posting idempotent: a top-up
 * notified ten times credits once, an order is paid from the balance once.
 */
export const bizBalanceEntry = pgTable(
  "biz_balance_entry",
  {
    entryId: bigserial("entry_id", { mode: "number" }).primaryKey(),
    balanceId: integer("balance_id")
      .notNull()
      .references(() => bizBalance.balanceId),
    /** Minor units, never zero: positive credits, negative debits. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    kind: varchar("kind", { length: 16 }).$type<BalanceEntryKind>().notNull(),
    /** What the entry is about (an order number, an adjustment's number, for a reversal the reversed entry's id). */
    reference: varchar("reference", { length: 64 }).notNull(),
    reverses: bigint("reverses", { mode: "number" }),
    /** An operator's or the customer's user name, or the job that made it. */
    madeBy: varchar("made_by", { length: 64 }).notNull(),
    note: varchar("note", { length: 500 }),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_balance_entry_kind_reference").on(t.kind, t.reference),
    index("biz_balance_entry_balance").on(t.balanceId, t.entryId),
    check("biz_balance_entry_not_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * An operator's refund of an order under way (issue 41): claimed before its money moves (through
 * the channel, or to the balance) and released when the refund is done or refused, so that two
 * operators refunding one order at once cannot send it both ways. A claim left by a process that
 * stopped mid-refund may be taken over after a few minutes.
 */
export const bizRefundClaim = pgTable("biz_refund_claim", {
  orderNo: varchar("order_no", { length: 32 }).primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
});

/**
 * An operator's correction of a balance (Business → Balances, issue 41), with its reason: posted
 * at once when small, else pending until a second operator confirms or rejects it (the two-person
 * rule above `sys.balance.adjustConfirmAbove`). A posted one names its ledger entry, whose
 * reference is `ADJ-<adjustmentId>`. One per requester and idempotency key: a retried submit
 * answers the adjustment already made.
 */
export const bizBalanceAdjustment = pgTable(
  "biz_balance_adjustment",
  {
    adjustmentId: serial("adjustment_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    currency: char("currency", { length: 3 }).notNull(),
    /** Minor units, never zero: positive credits, negative debits. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: varchar("reason", { length: 500 }).notNull(),
    status: varchar("status", { length: 8 }).$type<AdjustmentStatus>().notNull(),
    requestedById: integer("requested_by_id").notNull(),
    requestedBy: varchar("requested_by", { length: 64 }).notNull(),
    decidedById: integer("decided_by_id"),
    decidedBy: varchar("decided_by", { length: 64 }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    entryId: bigint("entry_id", { mode: "number" }).references(() => bizBalanceEntry.entryId),
    idempotencyKey: varchar("idempotency_key", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_balance_adjustment_key").on(t.requestedById, t.idempotencyKey),
    index("biz_balance_adjustment_status").on(t.status, t.adjustmentId),
    check("biz_balance_adjustment_not_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * A day's reconciliation of the balances (issue 41): every balance against its ledger, every top-up
 * against its payment and credit. One row a day (the claim across processes); its problems are
 * reported to the operators, never repaired.
 */
export const bizBalanceReconciliation = pgTable("biz_balance_reconciliation", {
  /** YYYY-MM-DD, UTC. */
  day: varchar("day", { length: 10 }).primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
  /** Balances checked. */
  balances: integer("balances").notNull().default(0),
  problemCount: integer("problem_count").notNull().default(0),
  problems: jsonb("problems").$type<ReconciliationProblem[]>().notNull().default([]),
  /** Null while the day's run is under way (or stopped before it finished). */
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/**
 * An automatic renewal's payment from the balance, tried once a day per renewal order (issue 41):
 * the day's row is the claim (a second run or process the same day finds it), its outcome what
 * was mailed.
 */
export const bizAutoRenewalAttempt = pgTable(
  "biz_auto_renewal_attempt",
  {
    orderNo: varchar("order_no", { length: 32 })
      .notNull()
      .references(() => bizOrder.orderNo),
    /** The day of the attempt, YYYY-MM-DD in UTC. */
    day: varchar("day", { length: 10 }).notNull(),
    /** paid, short (the balance did not cover it), closed (the order was no longer unpaid). */
    outcome: varchar("outcome", { length: 8 }).notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderNo, t.day] })],
);

/**
 * A package made smaller for the time it has left (issue 41): what it was and became, the days left
 * then, and what went back to the customer's balance for them (a `credit` entry referenced
 * `DG-<id>`). Its credits, with what was paid for the package, bound the next one's.
 */
export const bizServiceDowngrade = pgTable(
  "biz_service_downgrade",
  {
    downgradeId: serial("downgrade_id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bizService.serviceId),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    fromConfiguration: jsonb("from_configuration").$type<PurchaseConfiguration>().notNull(),
    toConfiguration: jsonb("to_configuration").$type<PurchaseConfiguration>().notNull(),
    daysLeft: integer("days_left").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    credit: bigint("credit", { mode: "number" }).notNull(),
    madeBy: varchar("made_by", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("biz_service_downgrade_service").on(t.serviceId)],
);

/**
 * A support department (issue 42): the installation's (site_id null), or a site's own, which then
 * replace the installation's on that site. Its address receives new tickets by mail.
 */
export const bizTicketDepartment = pgTable(
  "biz_ticket_department",
  {
    departmentId: serial("department_id").primaryKey(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "cascade" }),
    /** What it was seeded as (sales, billing, technical, abuse), "" for one an operator added. */
    key: varchar("key", { length: 32 }).notNull().default(""),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    email: varchar("email", { length: 254 }).notNull().default(""),
    sort: integer("sort").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    index("biz_ticket_department_site").on(t.siteId, t.sort),
    // An address is one department's: mail to it opens tickets there, and nowhere else.
    uniqueIndex("biz_ticket_department_email").on(sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
  ],
);

/** How long the provider has, per priority, for the first answer and the resolution. */
export const bizTicketSla = pgTable("biz_ticket_sla", {
  priority: varchar("priority", { length: 8 }).primaryKey(),
  firstReplyMinutes: integer("first_reply_minutes").notNull(),
  resolutionMinutes: integer("resolution_minutes").notNull(),
});

/**
 * A support ticket: whose, of which site and department, about which package or order; its state,
 * priority and due times (from the SLA of its priority when it was opened or re-prioritised), its
 * assignee, its rating, and an urgent ticket's page (repeated until acknowledged).
 */
export const bizTicket = pgTable(
  "biz_ticket",
  {
    ticketId: bigserial("ticket_id", { mode: "number" }).primaryKey(),
    ticketNo: varchar("ticket_no", { length: 12 }).notNull().unique(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId),
    departmentId: integer("department_id")
      .notNull()
      .references(() => bizTicketDepartment.departmentId),
    subject: varchar("subject", { length: 200 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    priority: varchar("priority", { length: 8 }).notNull().default("normal"),
    serviceOrderNo: varchar("service_order_no", { length: 32 }),
    orderNo: varchar("order_no", { length: 32 }),
    assigneeId: integer("assignee_id").references(() => sysUser.userId, { onDelete: "set null" }),
    /** The customer's language when it was opened: its mails are written in it. */
    language: varchar("language", { length: 8 }).notNull(),
    lastFrom: varchar("last_from", { length: 8 }).notNull().default("customer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    firstReplyDue: timestamp("first_reply_due", { withTimezone: true }).notNull(),
    resolutionDue: timestamp("resolution_due", { withTimezone: true }).notNull(),
    firstRepliedAt: timestamp("first_replied_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    rating: integer("rating"),
    ratingComment: varchar("rating_comment", { length: 1000 }).notNull().default(""),
    /** Merged into another ticket: closed, its messages moved there. */
    mergedInto: bigint("merged_into", { mode: "number" }),
    urgent: boolean("urgent").notNull().default(false),
    /** The next page of an urgent ticket; null once acknowledged (or closed). */
    nextPageAt: timestamp("next_page_at", { withTimezone: true }),
    pagesSent: integer("pages_sent").notNull().default(0),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: varchar("acknowledged_by", { length: 64 }).notNull().default(""),
  },
  (t) => [
    index("biz_ticket_user").on(t.userId, t.updatedAt),
    index("biz_ticket_queue").on(t.siteId, t.status, t.updatedAt),
    index("biz_ticket_status").on(t.status, t.updatedAt),
    index("biz_ticket_paging").on(t.nextPageAt).where(sql`${t.nextPageAt} is not null`),
  ],
);

/** A message of a ticket: the customer's, an operator's, or an operator's internal note. */
export const bizTicketMessage = pgTable(
  "biz_ticket_message",
  {
    messageId: bigserial("message_id", { mode: "number" }).primaryKey(),
    ticketId: bigint("ticket_id", { mode: "number" })
      .notNull()
      .references(() => bizTicket.ticketId),
    authorId: integer("author_id").references(() => sysUser.userId, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: 64 }).notNull(),
    fromStaff: boolean("from_staff").notNull(),
    internal: boolean("internal").notNull().default(false),
    via: varchar("via", { length: 4 }).notNull().default("web"),
    /** Sanitised HTML. */
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("biz_ticket_message_ticket").on(t.ticketId, t.messageId)],
);

/** A file attached to a message (sys_file, private). */
export const bizTicketAttachment = pgTable(
  "biz_ticket_attachment",
  {
    fileId: uuid("file_id")
      .primaryKey()
      .references(() => sysFile.fileId),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => bizTicketMessage.messageId),
  },
  (t) => [index("biz_ticket_attachment_message").on(t.messageId)],
);

/** Every change of a ticket: opened, replied, assigned, status, priority, merged, split, paged, acknowledged, rated. */
export const bizTicketEvent = pgTable(
  "biz_ticket_event",
  {
    eventId: bigserial("event_id", { mode: "number" }).primaryKey(),
    ticketId: bigint("ticket_id", { mode: "number" })
      .notNull()
      .references(() => bizTicket.ticketId),
    kind: varchar("kind", { length: 24 }).notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    byUser: varchar("by_user", { length: 64 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("biz_ticket_event_ticket").on(t.ticketId, t.eventId)],
);

/** An operator's prepared answer, in one language, for the installation (site_id null) or a site. */
export const bizCannedReply = pgTable(
  "biz_canned_reply",
  {
    replyId: serial("reply_id").primaryKey(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 }).notNull(),
    title: varchar("title", { length: 100 }).notNull(),
    body: text("body").notNull(),
    updatedBy: varchar("updated_by", { length: 64 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("biz_canned_reply_site").on(t.siteId, t.language)],
);

/**
 * Every mail the desk received (its SMTP listener or a provider's inbound webhook) and what became
 * of it: added to a ticket, a new ticket, refused (an unknown sender, a forged reply address) or
 * quarantined for an operator to look at. A mail with a Message-ID is taken once.
 */
export const bizInboundMail = pgTable(
  "biz_inbound_mail",
  {
    inboundId: bigserial("inbound_id", { mode: "number" }).primaryKey(),
    via: varchar("via", { length: 8 }).notNull(),
    mailFrom: varchar("mail_from", { length: 254 }).notNull(),
    rcptTo: varchar("rcpt_to", { length: 1000 }).notNull(),
    subject: varchar("subject", { length: 500 }).notNull().default(""),
    messageId: varchar("message_id", { length: 255 }).notNull().default(""),
    outcome: varchar("outcome", { length: 12 }).notNull(),
    reason: varchar("reason", { length: 48 }).notNull().default(""),
    ticketId: bigint("ticket_id", { mode: "number" }).references(() => bizTicket.ticketId),
    size: integer("size").notNull(),
    /** A quarantined mail's text (cut at 20,000 characters), for the operator who looks at it. */
    text: text("text").notNull().default(""),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** The site of the department or ticket it was addressed to, when known. */
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "set null" }),
    /** A quarantined mail an operator has looked at and set aside (its text is then dropped). */
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    dismissedBy: varchar("dismissed_by", { length: 64 }).notNull().default(""),
  },
  (t) => [
    index("biz_inbound_mail_quarantine")
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'quarantined' and ${t.dismissedAt} is null`),
    uniqueIndex("biz_inbound_mail_message").on(t.messageId).where(sql`${t.messageId} <> ''`),
    index("biz_inbound_mail_received").on(t.receivedAt),
  ],
);

/** A help centre's category (issue 42): the installation's, its names per language. */
export const bizHelpCategory = pgTable("biz_help_category", {
  categoryId: serial("category_id").primaryKey(),
  slug: varchar("slug", { length: 64 }).notNull().unique(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  sort: integer("sort").notNull().default(0),
});

/**
 * A help centre article in one language: the installation's (site_id null), or a site's own. A
 * site's article of the same category, slug and language replaces the installation's there once it
 * is published (or hidden: the installation's is then not shown on that site). `search_title` and
 * `search_body` are the text as the search reads it (help-search-text.ts): words folded of case and
 * accents, Chinese and Japanese runs cut into overlapping pairs of characters.
 */
export const bizHelpArticle = pgTable(
  "biz_help_article",
  {
    articleId: serial("article_id").primaryKey(),
    siteId: integer("site_id").references(() => sysSite.siteId, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => bizHelpCategory.categoryId),
    language: varchar("language", { length: 8 }).notNull(),
    slug: varchar("slug", { length: 96 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    summary: varchar("summary", { length: 400 }).notNull().default(""),
    /** Sanitised HTML. */
    body: text("body").notNull(),
    status: varchar("status", { length: 10 }).notNull().default("draft"),
    sort: integer("sort").notNull().default(0),
    searchTitle: text("search_title").notNull().default(""),
    searchBody: text("search_body").notNull().default(""),
    helpfulYes: integer("helpful_yes").notNull().default(0),
    helpfulNo: integer("helpful_no").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedBy: varchar("updated_by", { length: 64 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("biz_help_article_slug").on(sql`coalesce(${t.siteId}, 0)`, t.categoryId, t.language, t.slug),
    index("biz_help_article_list").on(t.language, t.status, t.siteId),
    index("biz_help_article_search").using(
      "gin",
      sql`(setweight(to_tsvector('simple', ${t.searchTitle}), 'A') || setweight(to_tsvector('simple', ${t.searchBody}), 'B'))`,
    ),
  ],
);

/** One visitor's answer to "was this helpful?" (a hash of who they are; answering again changes it). */
export const bizHelpFeedback = pgTable(
  "biz_help_feedback",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => bizHelpArticle.articleId, { onDelete: "cascade" }),
    voter: char("voter", { length: 64 }).notNull(),
    helpful: boolean("helpful").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.voter] })],
);

/**
 * A notice kept for a customer in the console's notification centre (issue 43): what a mail of
 * theirs said (its kind, title and text, where it leads), unread until they read it.
 */
export const sysNotification = pgTable(
  "sys_notification",
  {
    notificationId: bigserial("notification_id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).notNull(),
    event: varchar("event", { length: 48 }).notNull(),
    title: varchar("title", { length: 500 }).notNull(),
    body: text("body").notNull(),
    link: varchar("link", { length: 1000 }).notNull().default(""),
    mailId: bigint("mail_id", { mode: "number" }).references(() => sysMail.mailId, { onDelete: "set null" }),
    /**
     * What became of its mail: sent on its own, off (its reader turned its kind off), held for the
     * hour's digest, digested (sent in one), or none (no account had its address).
     */
    mailState: varchar("mail_state", { length: 10 }).notNull().default("sent"),
    /** When it went out by mail (on its own or in a digest). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sys_notification_user").on(t.userId, t.notificationId),
    index("sys_notification_unread").on(t.userId).where(sql`${t.readAt} is null`),
    index("sys_notification_held").on(t.userId, t.kind).where(sql`${t.mailState} = 'held'`),
  ],
);

/** A customer's choice per kind of notice (issue 43): a row says its mail is turned off. */
export const sysNoticeMailOff = pgTable(
  "sys_notice_mail_off",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => sysUser.userId, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
