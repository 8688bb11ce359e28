import { type Static, Type } from "typebox";
import { SingleLine } from "./field-kinds.ts";

/** The products whose packages take domains (their traffic is pointed at the platform by CNAME). */
export const DOMAIN_PRODUCTS = ["cdn", "ddos", "waf"] as const;
export const ORIGIN_PROTOCOLS = ["http", "https", "follow"] as const;
export const WAF_MODES = ["monitor", "block"] as const;

/** System → Settings: each product's CNAME target, `{hash}` standing for a domain's own label. */
export const CNAME_PATTERN_SETTINGS = {
  cdn: "sys.domain.cname.cdn",
  ddos: "sys.domain.cname.ddos",
  waf: "sys.domain.cname.waf",
} as const;
/** A pattern an operator may save: host-name characters and one {hash}. */
export const CNAME_PATTERN = /^(?=.*\{hash\})[a-z0-9{}.-]{8,200}$/;

/** POST /prod-api/control/services/{orderNo}/domains: a domain added to a package. */
export const DomainAddBody = Type.Object(
  { name: SingleLine({ minLength: 1, maxLength: 253 }) },
  { additionalProperties: false },
);
export type DomainAddBody = Static<typeof DomainAddBody>;

/** A cache rule of a CDN domain: paths under a prefix kept this long at the edge. */
export const CacheRule = Type.Object(
  {
    path: Type.String({ pattern: "^/[^\\s]{0,199}$" }),
    ttlSeconds: Type.Integer({ minimum: 0, maximum: 31_536_000 }),
  },
  { additionalProperties: false },
);
export type CacheRule = Static<typeof CacheRule>;

/** PUT /prod-api/control/services/{orderNo}/domains/{id}: where the platform fetches from and how. */
export const DomainSettingsBody = Type.Object(
  {
    /** Origin addresses: IPs or host names, on the internet. */
    originAddresses: Type.Array(SingleLine({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: 20 }),
    originProtocol: Type.Union([Type.Literal("http"), Type.Literal("https"), Type.Literal("follow")]),
    originPort: Type.Integer({ minimum: 1, maximum: 65535 }),
    /** CDN packages only; left out, the domain keeps its rules. */
    cacheRules: Type.Optional(Type.Array(CacheRule, { maxItems: 50 })),
    /** WAF packages only; left out, the domain keeps its mode. */
    wafMode: Type.Optional(Type.Union([Type.Literal("monitor"), Type.Literal("block")])),
    /**
     * The ICP filing number (mainland China acceleration needs one; recorded, not verified); left
     * out, the domain keeps its number.
     */
    icpNumber: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type DomainSettingsBody = Static<typeof DomainSettingsBody>;

export interface DomainView extends Required<DomainSettingsBody> {
  domainId: number;
  name: string;
  /** Where the name's CNAME must point. */
  cnameTarget: string;
  /** The TXT record that proves ownership before the CNAME is switched. */
  ownershipRecord: { name: string; value: string };
  state: "pending" | "active";
  verifiedAt: string | null;
  createdAt: string;
}

/** A package's domains and what its plan allows. */
export interface ServiceDomainsView {
  orderNo: string;
  product: string;
  region: string;
  /** Whether mainland China is served (an ICP filing number is then needed). */
  mainland: boolean;
  state: string;
  quota: {
    domains: { used: number; limit: number | null };
    topLevelDomains: { used: number; limit: number | null };
    originIps: { used: number; limit: number | null };
  };
  domains: DomainView[];
}

export type GoLiveItemKey = "ownership" | "cname" | "quota" | "origin" | "certificate" | "icp";

/** One thing between a domain and going live: fine or not, what was found, how to fix it. */
export interface GoLiveItem {
  key: GoLiveItemKey;
  ok: boolean;
  /** What was found, as values the console puts in words (status, ms, date, names…). */
  found: Record<string, string | number | null>;
}

export interface GoLiveView {
  name: string;
  ready: boolean;
  items: GoLiveItem[];
}
