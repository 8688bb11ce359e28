import { type Static, Type } from "typebox";
import { MultiLine, SingleLine } from "./field-kinds.ts";
import { SiteMarketingFigures } from "./marketing-figures.ts";
import { HEX_COLOR_PATTERN } from "./site-constants.ts";

const ContactText = SingleLine({ maxLength: 200 });
/** One contact block of the contact page; an empty field is filled from the settings `contact.*`. */
export const SiteContactBlock = Type.Object({
  phone: Type.String({ maxLength: 60, pattern: "^[0-9+() .,/#*xX-]*$" }),
  email: Type.String({ maxLength: 254, pattern: "^(|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$" }),
  address: ContactText,
  hours: ContactText,
});
/** A site's own contact page details: each one set overrides the general setting. */
export const SiteContacts = Type.Object({
  presales: SiteContactBlock,
  aftersales: SiteContactBlock,
  emergency: ContactText,
});
export type SiteContacts = Static<typeof SiteContacts>;
export type ContactBlock = Static<typeof SiteContactBlock>;
/** The contact page's details as shown: the site's own, else the settings' (the same shape as SiteContacts). */
export type ContactBlocks = SiteContacts;

export const EMPTY_SITE_CONTACTS: SiteContacts = {
  presales: { phone: "", email: "", address: "", hours: "" },
  aftersales: { phone: "", email: "", address: "", hours: "" },
  emergency: "",
};

/** The branding record a domain resolves to (`sysByDomain`). */
export const SiteRecord = Type.Object({
  siteId: Type.Integer(),
  company: Type.String(),
  themeColor: Type.String({ pattern: HEX_COLOR_PATTERN }),
  contactWay: Type.String(),
  agentCode: Type.String(),
  consoleDomain: Type.String(),
  logo1: Type.String(),
  webDomain: Type.String(),
  region: Type.String(),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  contacts: SiteContacts,
  /** The site's own marketing figures (a number, or null: hidden); one left out is the spec's default. */
  marketingFigures: SiteMarketingFigures,
});
export type SiteRecord = Static<typeof SiteRecord>;

export const DOMAIN_NAME_MAX = 253;

export const SiteByDomainQuery = Type.Object({
  domainName: SingleLine({ minLength: 1, maxLength: DOMAIN_NAME_MAX + 6 }),
});
export type SiteByDomainQuery = Static<typeof SiteByDomainQuery>;

/** The currencies a site can sell in (the console offers these). */
export const SITE_CURRENCIES = ["CNY", "USD", "VND", "IDR", "HKD", "TWD", "SGD", "EUR"] as const;

/** A site as the console's sites page shows it: its branding, the host names it answers to. */
/** How a site's mail goes out: the sender's name, the reply-to address, who gets the sales alerts and the urgent pages. */
export const SiteMailSettings = Type.Object(
  {
    senderName: SingleLine({ maxLength: 100 }),
    replyTo: Type.String({ maxLength: 254, anyOf: [{ const: "" }, { format: "email" }] }),
    /** Addresses separated by commas. */
    salesEmails: Type.String({
      maxLength: 1000,
      pattern: "^\\s*([^\\s@,;]+@[^\\s@,;]+\\.[^\\s@,;]+\\s*([,;]\\s*|$))*$",
    }),
    /** Who is paged when a customer is under attack (an urgent ticket): addresses separated by commas. */
    onCallEmails: Type.Optional(
      Type.String({
        maxLength: 1000,
        pattern: "^\\s*([^\\s@,;]+@[^\\s@,;]+\\.[^\\s@,;]+\\s*([,;]\\s*|$))*$",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SiteMailSettings = Static<typeof SiteMailSettings>;

/**
 * What a site's documents for a payment are called: a receipt (收据, Biên lai, Kuitansi) or a
 * commercial invoice (商业发票, Hóa đơn thương mại, Faktur komersial). Never a tax invoice (fapiao,
 * VAT e-invoice, Faktur Pajak), which Rampart does not issue.
 */
export const DOCUMENT_TITLES = ["receipt", "commercial_invoice"] as const;
export const DocumentTitle = Type.Union([Type.Literal("receipt"), Type.Literal("commercial_invoice")]);
export type DocumentTitle = Static<typeof DocumentTitle>;

/** A new site's invoice number prefix: its agent code in capitals and a dash (`LOTUS-`), else `INV-`. */
export const defaultInvoicePrefix = (agentCode: string): string =>
  agentCode ? `${agentCode.toUpperCase().slice(0, 15)}-` : "INV-";

/**
 * The seller on a site's invoices: its address and tax id, the invoice numbers' prefix, the tax its
 * prices include, what its documents are called.
 */
export const SiteBillingSettings = Type.Object(
  {
    address: SingleLine({ maxLength: 300 }),
    taxId: SingleLine({ maxLength: 64 }),
    invoicePrefix: Type.String({ minLength: 1, maxLength: 16, pattern: "^[A-Za-z0-9_-]+$" }),
    /** Basis points: 1100 is 11 %; 0: no tax shown. */
    taxRateBp: Type.Integer({ minimum: 0, maximum: 5000 }),
    /** Left out: unchanged (a new site's: a receipt). */
    documentTitle: Type.Optional(DocumentTitle),
  },
  { additionalProperties: false },
);
export type SiteBillingSettings = Static<typeof SiteBillingSettings>;

/** The longest payment instructions of one language (bank details and a few lines on how to pay). */
export const PAYMENT_INSTRUCTIONS_MAX = 2000;

/**
 * How to pay a site offline (bank details, what to quote, how long the order waits), per language:
 * plain text, its line breaks kept. A language left out (or blank) reads English, then any other.
 */
export const PaymentInstructions = Type.Object(
  {
    en: Type.Optional(MultiLine({ maxLength: PAYMENT_INSTRUCTIONS_MAX })),
    "zh-CN": Type.Optional(MultiLine({ maxLength: PAYMENT_INSTRUCTIONS_MAX })),
    "zh-TW": Type.Optional(MultiLine({ maxLength: PAYMENT_INSTRUCTIONS_MAX })),
    id: Type.Optional(MultiLine({ maxLength: PAYMENT_INSTRUCTIONS_MAX })),
    vi: Type.Optional(MultiLine({ maxLength: PAYMENT_INSTRUCTIONS_MAX })),
  },
  { additionalProperties: false },
);
export type PaymentInstructions = Static<typeof PaymentInstructions>;

export const SiteAdminView = Type.Object({
  ...SiteRecord.properties,
  mail: SiteMailSettings,
  billing: SiteBillingSettings,
  paymentInstructions: PaymentInstructions,
  domains: Type.Array(Type.String()),
  isDefault: Type.Boolean(),
  users: Type.Integer(),
  createTime: Type.String(),
  /** The IANA zone its mails are written in for readers without their own. */
  timeZone: Type.String(),
});
export type SiteAdminView = Static<typeof SiteAdminView>;

const HostName = Type.String({ maxLength: DOMAIN_NAME_MAX, pattern: "^[A-Za-z0-9.-]+$" });
const OptionalHost = Type.Union([Type.Literal(""), HostName]);

/** What an operator writes about a site (its branding); domains, agent code and currency are an administrator's. */
export const SiteBody = Type.Object(
  {
    company: SingleLine({ minLength: 1, maxLength: 100 }),
    themeColor: Type.String({ pattern: HEX_COLOR_PATTERN }),
    contactWay: SingleLine({ maxLength: 200 }),
    logo1: Type.String({ maxLength: 500, pattern: "^(|/prod-api/file/[A-Za-z0-9._-]+|https://[^\\s\"'<>]+)$" }),
    webDomain: OptionalHost,
    consoleDomain: OptionalHost,
    region: SingleLine({ maxLength: 16 }),
    agentCode: Type.String({ maxLength: 64, pattern: "^[A-Za-z0-9_-]*$" }),
    currency: Type.Union([
      Type.Literal("CNY"),
      Type.Literal("USD"),
      Type.Literal("VND"),
      Type.Literal("IDR"),
      Type.Literal("HKD"),
      Type.Literal("TWD"),
      Type.Literal("SGD"),
      Type.Literal("EUR"),
    ]),
    domains: Type.Array(HostName, { maxItems: 20, uniqueItems: true }),
    /** Left out: unchanged. */
    contacts: Type.Optional(SiteContacts),
    /** Left out: unchanged. */
    mail: Type.Optional(SiteMailSettings),
    /** Left out: unchanged. */
    billing: Type.Optional(SiteBillingSettings),
    /** The IANA zone of its mails for readers without their own; left out: unchanged. */
    timeZone: Type.Optional(Type.String({ maxLength: 64 })),
    /** Left out: unchanged. */
    paymentInstructions: Type.Optional(PaymentInstructions),
    /** Left out: unchanged; given: the whole set (a name not in it shows the spec's default). */
    marketingFigures: Type.Optional(SiteMarketingFigures),
  },
  { additionalProperties: false },
);
export type SiteBody = Static<typeof SiteBody>;
