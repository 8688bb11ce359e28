import { describe, expect, it } from "vitest";
import { cpuSecondsOfStat, parseWrk } from "./bench-throughput.ts";

const report = (extra = "") => `Running 10s test @ http://127.0.0.1:33871/bare
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.87ms    6.29ms  81.69ms   96.91%
    Req/Sec    25.79k     9.30k   37.10k    70.00%
  Latency Distribution
     50%  850.00us
     75%    2.17ms
     90%    4.01ms
     99%    1.02s
  51233 requests in 2.01s, 10.85MB read
${extra}Requests/sec:  25535.13
Transfer/sec:      5.41MB
`;

describe("reading wrk's report", () => {
  it("takes the requests per second and the 99th percentile in milliseconds", () => {
    expect(parseWrk(report())).toEqual({ rps: 25535.13, p99: 1020, errors: 0 });
  });

  it("counts answers other than 2xx and socket errors as errors", () => {
    const extra = "  Socket errors: connect 0, read 2, write 1, timeout 3\n  Non-2xx or 3xx responses: 69692\n";
    expect(parseWrk(report(extra)).errors).toBe(69_698);
  });

  it("refuses a report it cannot read, rather than print a figure of nothing", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(/unexpected wrk output/);
  });
});

describe("reading a process's CPU time", () => {
  it("adds user and system time, counting fields after a command name that holds spaces and parentheses", () => {
    const stat =
      "4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 52101 0 0 0 1234 567 0 0 20 0 11 0 9123 1180000000 60000 18446744073709551615";
    expect(cpuSecondsOfStat(stat)).toBeCloseTo(18.01, 5);
  });
});
