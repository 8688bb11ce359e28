import { readFileSync } from "node:fs";
import https from "node:https";
import type { Client } from "acme-client";
import { eq } from "drizzle-orm";
import type { AcmeSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { sysAcmeAccount } from "../../db/schema.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { acmeLibrary } from "./certificate-libraries.ts";

export type { AcmeSettings };

export const LETS_ENCRYPT_DIRECTORY = "https://acme-v02.api.letsencrypt.org/directory";

/**
 * The installation's ACME account: its key is made once per directory and kept sealed in the
 * database (every process uses the same account); the account is registered at the CA on first use.
 */
export class AcmeAccounts {
  readonly #db: Db;
  readonly #seal: SecretSeal;
  readonly #settings: AcmeSettings;
  readonly #now: () => Date;
  /** The extra roots of ACME_CA_CERTIFICATES, read at start: a file that cannot be read stops it. */
  readonly #caRoots: string | undefined;
  #client: Promise<Client> | null = null;

  constructor(deps: { db: Db; seal: SecretSeal; now: () => Date }, settings: AcmeSettings) {
    this.#db = deps.db;
    this.#seal = deps.seal;
    this.#settings = settings;
    this.#now = deps.now;
    this.#caRoots = settings.caFile ? readFileSync(settings.caFile, "utf8") : undefined;
  }

  get settings(): AcmeSettings {
    return this.#settings;
  }

  /** The client of the installation's account (made and registered once). */
  client(): Promise<Client> {
    this.#client ??= this.#open().catch((error: unknown) => {
      this.#client = null;
      throw error;
    });
    return this.#client;
  }

  async #open(): Promise<Client> {
    const acme = await acmeLibrary();
    if (this.#caRoots) {
      // acme-client talks through its own axios instance: the extra roots apply to the CA alone.
      acme.axios.defaults.httpsAgent = new https.Agent({ ca: this.#caRoots });
    }
    const directoryUrl = this.#settings.directoryUrl;
    const fresh = (await acme.crypto.createPrivateEcdsaKey()).toString();
    // Two processes at once: the first key written is the installation's.
    await this.#db
      .insert(sysAcmeAccount)
      .values({ directoryUrl, accountKeySealed: this.#seal.seal(fresh), createdAt: this.#now() })
      .onConflictDoNothing();
    const [account] = await this.#db.select().from(sysAcmeAccount).where(eq(sysAcmeAccount.directoryUrl, directoryUrl));
    const client = new acme.Client({
      directoryUrl,
      accountKey: this.#seal.open(account!.accountKeySealed),
      ...(account!.accountUrl ? { accountUrl: account!.accountUrl } : {}),
    });
    if (!account!.accountUrl) {
      // Registering an existing key answers the same account: safe if two processes do it.
      await client.createAccount({ termsOfServiceAgreed: true });
      await this.#db
        .update(sysAcmeAccount)
        .set({ accountUrl: client.getAccountUrl() })
        .where(eq(sysAcmeAccount.directoryUrl, directoryUrl));
    }
    return client;
  }
}
