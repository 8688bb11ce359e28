import { type Static, Type } from "typebox";
import { MultiLine, SingleLine } from "./field-kinds.ts";

/** How a certificate came to Rampart. */
export const CERTIFICATE_SOURCES = ["acme", "upload", "csr"] as const;
export type CertificateSource = (typeof CERTIFICATE_SOURCES)[number];

/**
 * Where a certificate stands: an ACME order waiting for its records (`pending`), being validated
 * and issued (`validating`), issued (`issued`), failed (`failed`); a CSR made here waiting for the
 * CA's certificate (`awaiting`).
 */
export const CERTIFICATE_STATES = ["pending", "validating", "issued", "failed", "awaiting"] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const CHALLENGE_TYPES = ["dns-01", "http-01"] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/** Free certificates a customer may hold unless System → Settings says otherwise (`sys.certificate.maxPerCustomer`). */
export const CERTIFICATES_PER_CUSTOMER = 20;
/** Names in one certificate. */
export const CERTIFICATE_MAX_NAMES = 20;
/** ACME certificates renew this many days before they end. */
export const CERTIFICATE_RENEW_DAYS = 30;
/** Reminders before a certificate (stored or served) ends. */
export const CERTIFICATE_REMINDER_DAYS = [30, 7, 1] as const;

/** A domain name as a certificate holds it: letters, digits, hyphens, dots; a leading "*." for a wildcard. */
const CertificateName = SingleLine({ minLength: 1, maxLength: 253 });

/** POST /prod-api/control/certificates/acme: a free certificate for names, validated one way. */
export const AcmeRequestBody = Type.Object(
  {
    names: Type.Array(CertificateName, { minItems: 1, maxItems: CERTIFICATE_MAX_NAMES }),
    validation: Type.Union([Type.Literal("dns-01"), Type.Literal("http-01")]),
  },
  { additionalProperties: false },
);
export type AcmeRequestBody = Static<typeof AcmeRequestBody>;

/** POST /prod-api/control/certificates/upload: a certificate from any CA, its chain and (optionally) its key. */
export const CertificateUploadBody = Type.Object(
  {
    certificate: MultiLine({ minLength: 1, maxLength: 20_000 }),
    chain: Type.Optional(MultiLine({ maxLength: 60_000 })),
    privateKey: Type.Optional(MultiLine({ maxLength: 20_000 })),
    /** The key's password, when it is encrypted. */
    passphrase: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CertificateUploadBody = Static<typeof CertificateUploadBody>;

/** POST /prod-api/control/certificates/csr: a CSR made in the browser (its key never leaves it). */
export const CsrRecordBody = Type.Object(
  {
    csr: MultiLine({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);
export type CsrRecordBody = Static<typeof CsrRecordBody>;

/** POST /prod-api/control/certificates/{id}/certificate: the CA's certificate for a CSR made here. */
export const CsrCertificateBody = Type.Object(
  {
    certificate: MultiLine({ minLength: 1, maxLength: 20_000 }),
    chain: Type.Optional(MultiLine({ maxLength: 60_000 })),
  },
  { additionalProperties: false },
);
export type CsrCertificateBody = Static<typeof CsrCertificateBody>;

/** POST /prod-api/control/certificates/{id}/pfx: the PKCS#12 file's password. */
export const PfxBody = Type.Object(
  { password: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
);
export type PfxBody = Static<typeof PfxBody>;

/** What proves control of one name to the CA: a TXT record or a file, and whether it was found. */
export interface ChallengeView {
  name: string;
  type: ChallengeType;
  /** DNS-01: the TXT record's name and value. */
  recordName: string | null;
  recordValue: string | null;
  /** HTTP-01: the file's address and content. */
  fileUrl: string | null;
  fileContent: string | null;
  status: "pending" | "valid" | "invalid";
}

/** A certificate as its owner sees it (never its key). */
export interface CertificateView {
  certificateId: number;
  source: CertificateSource;
  state: CertificateState;
  names: string[];
  validation: ChallengeType | null;
  keyType: string | null;
  issuer: string | null;
  notBefore: string | null;
  notAfter: string | null;
  fingerprint: string | null;
  hasKey: boolean;
  autoRenew: boolean;
  challenges: ChallengeView[];
  lastError: string | null;
  /** The certificate the first name served at the last daily check, and whether it is this one. */
  served: { notAfter: string | null; matches: boolean | null; checkedAt: string; error: string | null } | null;
  createdAt: string;
}

/** One record a "Check" looked up: what was expected, what was found. */
export interface ChallengeCheck {
  name: string;
  type: ChallengeType;
  expected: string;
  found: string[];
  ok: boolean;
}

/** The answer to "Check": every record's lookup; when all are found the CA is asked. */
export interface CertificateCheckView {
  ready: boolean;
  checks: ChallengeCheck[];
}

/** POST /prod-api/control/tls-watches: a TLS endpoint whose served certificate is checked daily. */
export const TlsWatchBody = Type.Object(
  {
    host: SingleLine({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
  },
  { additionalProperties: false },
);
export type TlsWatchBody = Static<typeof TlsWatchBody>;

export interface TlsWatchView {
  watchId: number;
  host: string;
  port: number;
  checkedAt: string | null;
  subject: string | null;
  issuer: string | null;
  names: string[];
  notAfter: string | null;
  /** Whether the chain is trusted and covers the host (the reason when not). */
  trusted: boolean | null;
  error: string | null;
  /** One of the customer's stored certificates is the one served. */
  certificateId: number | null;
}
