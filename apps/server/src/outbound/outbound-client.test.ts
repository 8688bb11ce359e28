import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { OutboundClient } from "./outbound-client.ts";

// A web server of the test's own whose answers wait until the test lets them go.
let server: Server;
let base = "";
const arrivals: ServerResponse[] = [];
let arrived: (() => void) | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/done") {
      response.end("done");
      return;
    }
    arrivals.push(response);
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
});

/** The next request the server holds, or null when the client's answer came first. */
function nextArrival(answer: Promise<unknown>): Promise<ServerResponse | null> {
  if (arrivals.length > 0) return Promise.resolve(arrivals.shift()!);
  return Promise.race([
    new Promise<ServerResponse>((resolve) => {
      arrived = () => {
        arrived = null;
        resolve(arrivals.shift()!);
      };
    }),
    answer.then(() => null),
  ]);
}

describe("the guarded client's limits", () => {
  it("gives the whole exchange one time limit, redirects included", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const client = new OutboundClient({ allowPrivate: true, dnsServers: [] });
    const answer = client.request(`${base}/hop/0`, { timeoutMs: 10_000 });
    // Five redirects, each answered 3 s after it was asked: each hop is well within 10 s, the
    // whole is not.
    let hops = 0;
    for (;;) {
      const response = await nextArrival(answer);
      if (!response) break;
      vi.advanceTimersByTime(3_000);
      hops += 1;
      response.writeHead(302, { location: hops < 5 ? `/hop/${hops}` : "/done" }).end();
    }
    const result = await answer;
    client.close();
    expect(result).toMatchObject({ status: null, failure: "timeout" });
    expect(hops).toBe(4);
  });
});

describe("addresses refused", () => {
  const strict = new OutboundClient({ allowPrivate: false, dnsServers: [] });
  afterAll(() => strict.close());

  it("refuses an IPv4-compatible IPv6 address when it is saved", async () => {
    expect(await strict.checkUrl("http://[::127.0.0.1]/")).toEqual({ problem: "address_private", value: "::7f00:1" });
    expect(await strict.checkUrl("https://[::ffff:7f00:1]:8443/")).toEqual({
      problem: "address_private",
      value: "::ffff:7f00:1",
    });
    expect(await strict.checkHost("2002:a9fe:a9fe::1")).toEqual({
      problem: "address_private",
      value: "2002:a9fe:a9fe::1",
    });
  });

  it("refuses it again when it connects, without trying", async () => {
    for (const url of ["http://[::7f00:1]:9/", "http://[64:ff9b::7f00:1]:9/", "https://[2001:db8::1]/"]) {
      const result = await strict.request(url);
      expect(result, url).toMatchObject({ status: null, failure: "address_refused" });
    }
    const handshake = await strict.servedCertificate("::7f00:1", 443);
    expect(handshake).toEqual({ certificate: null, failure: "address_refused" });
  });
});
