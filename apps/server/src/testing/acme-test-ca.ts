import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { webcrypto } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as x509 from "@peculiar/x509";

/** Debian's pebble (ACME test CA) and its challenge test server; .ci/run installs the package. */
export const pebbleMissing = !existsSync("/usr/bin/pebble") && !process.env.CI;

/** A port nothing listens on now (TCP; the DNS server takes the same number for UDP). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A self-signed certificate for localhost (Pebble's own HTTPS), as PEM files in `dir`. */
async function localhostCertificate(dir: string) {
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: "CN=localhost",
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 2 * 86_400_000),
    keys,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: "dns", value: "localhost" },
        { type: "ip", value: "127.0.0.1" },
      ]),
    ],
  });
  const key = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  const certFile = join(dir, "localhost.pem");
  const keyFile = join(dir, "localhost-key.pem");
  writeFileSync(certFile, certificate.toString("pem"));
  writeFileSync(
    keyFile,
    `-----BEGIN PRIVATE KEY-----\n${key.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`,
  );
  return { certFile, keyFile, pem: certificate.toString("pem") };
}

/** GET over https trusting one certificate. */
function fetchTrusting(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

/**
 * Pebble (a real ACME server) and pebble-challtestsrv (a DNS server whose records a test sets),
 * started for a test on free ports: the CA validates through that DNS server (every name resolves
 * to 127.0.0.1 unless set otherwise) and fetches HTTP-01 files from `http01Port` on this machine.
 */
export class AcmeTestCa {
  readonly #dir = mkdtempSync(join(tmpdir(), "rampart-pebble-"));
  readonly #processes: ChildProcess[] = [];
  directoryUrl = "";
  caFile = "";
  dnsServer = "";
  #caPem = "";
  #management = "";
  #dnsManagement = "";

  async start(http01Port: number): Promise<void> {
    const [acmePort, managementPort, dnsPort, dnsManagementPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const { certFile, keyFile, pem } = await localhostCertificate(this.#dir);
    this.#caPem = pem;
    this.caFile = certFile;
    this.dnsServer = `127.0.0.1:${dnsPort}`;
    this.#dnsManagement = `http://127.0.0.1:${dnsManagementPort}`;
    this.#management = `https://localhost:${managementPort}`;
    this.directoryUrl = `https://localhost:${acmePort}/dir`;
    const config = join(this.#dir, "pebble-config.json");
    writeFileSync(
      config,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${acmePort}`,
          managementListenAddress: `127.0.0.1:${managementPort}`,
          certificate: certFile,
          privateKey: keyFile,
          httpPort: http01Port,
          tlsPort: await freePort(),
          ocspResponderURL: "",
          externalAccountBindingRequired: false,
        },
      }),
    );
    // Names resolve to 127.0.0.1 only (no AAAA: the CA would try ::1, where nothing listens).
    this.#spawn("pebble-challtestsrv", [
      "-defaultIPv6",
      "",
      "-dns01",
      this.dnsServer,
      "-http01",
      "",
      "-https01",
      "",
      "-tlsalpn01",
      "",
      "-management",
      `127.0.0.1:${dnsManagementPort}`,
    ]);
    // No random waits before validating, and no nonce refused on purpose: tests stay quick and sure.
    this.#spawn("pebble", ["-config", config, "-dnsserver", this.dnsServer], {
      PEBBLE_VA_NOSLEEP: "1",
      PEBBLE_WFE_NONCEREJECT: "0",
      PEBBLE_AUTHZREUSE: "0",
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetchTrusting(this.directoryUrl, this.#caPem)).status === 200) {
          await fetch(`${this.#dnsManagement}/set-default-ipv4`, {
            method: "POST",
            body: JSON.stringify({ ip: "127.0.0.1" }),
          });
          return;
        }
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error("pebble did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  #spawn(command: string, args: string[], env: Record<string, string> = {}) {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
    this.#processes.push(child);
  }

  /** Adds a TXT record to the test DNS server. */
  async addTxt(name: string, value: string): Promise<void> {
    await this.#dns("/set-txt", { host: `${name}.`, value });
  }

  async clearTxt(name: string): Promise<void> {
    await this.#dns("/clear-txt", { host: `${name}.` });
  }

  /** Points a name at another with a CNAME record. */
  async setCname(name: string, target: string): Promise<void> {
    await this.#dns("/set-cname", { host: `${name}.`, target: `${target}.` });
  }

  async #dns(path: string, body: object): Promise<void> {
    const response = await fetch(`${this.#dnsManagement}${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`challtestsrv ${path}: ${response.status}`);
  }

  /** The root this run of Pebble signs its intermediates with (a new one each start). */
  async root(): Promise<string> {
    return (await fetchTrusting(`${this.#management}/roots/0`, this.#caPem)).body;
  }

  stop(): void {
    for (const child of this.#processes) child.kill("SIGTERM");
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** Runs openssl with arguments (the tests read CSRs, keys and PFX files with it). */
export function openssl(args: string[], input?: string): string {
  return execFileSync("openssl", args, { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
}
