import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** A 32-byte key for one purpose, derived from the installation's TOKEN_SECRET. */
export function sealingKey(tokenSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", tokenSecret, "rampart", purpose, 32));
}

/**
 * Secrets the server must read again (authenticator secrets, webhook signing secrets) kept
 * encrypted in the database: AES-256-GCM under a key derived for their purpose, so that a copy of
 * the database alone does not give them away. `v1.<iv>.<tag>.<data>`, base64url.
 */
export class SecretSeal {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || !data) throw new Error("unreadable sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  }
}
