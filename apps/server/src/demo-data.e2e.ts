import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signInOverHttp, startServerProcess } from "./testing/server-process.ts";

// DEMO_DATA on a first start (issue 40): a demo customer with three packages and a month of their
// platform's figures, sent through the real signed ingest route of the real server process.
const dataDir = mkdtempSync(join(tmpdir(), "rampart-demo-data-"));
const env = {
  DATA_DIR: dataDir,
  DEMO_DATA: "true",
  DEMO_PASSWORD: "demo-pass-2026",
  ADMIN_PASSWORD: "demo-admin-pass-1",
  CAPTCHA_ENABLED: "false",
};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Answer<T> = { code: number; msg: string; data: T; rows: T };
const get = async <T>(baseUrl: string, token: string, path: string) =>
  (await (
    await fetch(`${baseUrl}/prod-api${path}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Answer<T>;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("a first start with DEMO_DATA", () => {
  it("makes the demo customer's packages and a month of their figures, once", async () => {
    const server = await startServerProcess(env);
    let rowsSent = "";
    try {
      expect(server.output()).toContain("Demo data: the customer demo (password: (the value of DEMO_PASSWORD))");
      rowsSent = /\(([\d,]+) five-minute rows\)/.exec(server.output())?.[1] ?? "";
      expect(rowsSent).not.toBe("");
      const token = await signInOverHttp(server.baseUrl, "demo", "demo-pass-2026");
      const services = await get<{ orderNo: string; product: string }[]>(
        server.baseUrl,
        token,
        "/order/mall/product/myServices?pageNum=1&pageSize=10",
      );
      expect(services.rows.map((service) => service.product).sort()).toEqual(["cdn", "ddos", "waf"]);
      const usage = new Map<string, { domains: string[]; figures: Record<string, number[]>; attacks: unknown[] }>();
      for (const service of services.rows) {
        const answer = await get<{ domains: string[]; figures: Record<string, number[]>; attacks: unknown[] }>(
          server.baseUrl,
          token,
          `/control/services/${service.orderNo}/usage?range=30d`,
        );
        expect(answer.code).toBe(200);
        usage.set(service.product, answer.data);
      }
      // Traffic every day of the month for every package; the CDN's two domains and the WAF's one.
      for (const [, view] of usage) expect(sum(view.figures.bytesOut!)).toBeGreaterThan(0);
      expect(usage.get("cdn")!.domains).toEqual(["img.example.com", "shop.example.com"]);
      expect(usage.get("waf")!.domains).toEqual(["api.example.net"]);
      // A few attacks on the DDoS and WAF packages.
      expect(usage.get("ddos")!.attacks.length + usage.get("waf")!.attacks.length).toBeGreaterThan(0);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // Started again on the same data: nothing made twice.
    const again = await startServerProcess(env);
    try {
      expect(again.output()).not.toContain("Demo data:");
      const token = await signInOverHttp(again.baseUrl, "demo", "demo-pass-2026");
      const services = await get<unknown[]>(
        again.baseUrl,
        token,
        "/order/mall/product/myServices?pageNum=1&pageSize=10",
      );
      expect(services.rows).toHaveLength(3);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});
