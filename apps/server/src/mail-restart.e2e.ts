import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MailCatcher } from "./testing/mail-catcher.ts";
import { type ServerProcess, startServerProcess } from "./testing/server-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-mail-restart-"));
let server: ServerProcess | undefined;
const smtp = new MailCatcher();

afterAll(async () => {
  await server?.stop();
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on the data directory (again at once after a kill: the kernel drops its lock). */
function start(smtpPort: number): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "restart-admin-pass-1",
    CAPTCHA_ENABLED: "false",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "no-reply@rampart.test",
  });
}

describe("a mail acknowledged just before the process is killed", () => {
  it("is delivered after the restart, once", async () => {
    // No SMTP server yet: the mail cannot leave before the kill. The port is held by a listener that
    // hangs up at once (other test files run beside this one: a freed port could be taken).
    const refuser = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => refuser.listen(0, "127.0.0.1", resolve));
    server = await start((refuser.address() as AddressInfo).port);
    const base = server.baseUrl;
    const registered = await fetch(`${base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "kim.do", password: "Halong-bay-2026", email: "kim@example.vn" }),
    });
    expect(registered.status).toBe(200);
    const asked = await fetch(`${base}/prod-api/auth/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: "kim.do" }),
    });
    expect(asked.status).toBe(200);
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server!.child.once("exit", resolve));

    await new Promise((resolve) => refuser.close(resolve));
    // The restarted process sends through the SMTP server it is configured with now.
    server = await start(Number(new URL(await smtp.start()).port));
    // The first try was cut off by the kill: its heartbeat stops, the job is failed within seconds
    // and tried again after the queue's first backoff (30 s).
    await expect.poll(() => smtp.to("kim@example.vn").length, { timeout: 120_000, interval: 500 }).toBe(1);
    expect(smtp.to("kim@example.vn")[0]!.subject).toBe("Reset your Rampart Cloud password");
  }, 240_000);
});
