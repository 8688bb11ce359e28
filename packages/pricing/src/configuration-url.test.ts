import { describe, expect, it } from "vitest";
import { changeEdition } from "./configuration.ts";
import { configurationFromSearch, configurationToSearch } from "./configuration-url.ts";
import { DEFAULT_CATALOGUE as catalogue } from "./default-catalogue.ts";
import { quote } from "./quote.ts";

describe("a configuration in the URL", () => {
  it("round-trips, without the quantity the plan derives", () => {
    const config = configurationFromSearch(
      catalogue,
      "ddos",
      new URLSearchParams(
        "edition=premium&region=overseas&bandwidth=300&domains=40&ips=12&duration=year-2&extras=ipv6,ccPro",
      ),
    );
    const search = configurationToSearch(config);
    expect(search.toString()).toBe(
      "edition=premium&region=overseas&bandwidth=300&domains=40&ips=12&duration=year-2&extras=ipv6%2CccPro",
    );
    expect(configurationFromSearch(catalogue, "ddos", search)).toEqual(config);
  });

  it("starts from the product's defaults, and a new edition from its own region and quantities", () => {
    expect(configurationFromSearch(catalogue, "cdn", new URLSearchParams())).toMatchObject({
      edition: "mainland",
      region: "mainland",
      quantities: { bandwidth: 100, domains: 10 },
      duration: { unit: "month", count: 1 },
    });
    expect(configurationFromSearch(catalogue, "cdn", new URLSearchParams("edition=global"))).toMatchObject({
      edition: "global",
      region: "overseas",
    });
  });

  it("gives a trial its fixed length, and a priced edition back a duration it offers", () => {
    const trial = configurationFromSearch(catalogue, "ddos", new URLSearchParams("edition=trial"));
    expect(trial.duration).toEqual({ unit: "day", count: 3 });
    expect(changeEdition(catalogue, trial, "premium")).toMatchObject({
      edition: "premium",
      duration: { unit: "month", count: 1 },
      quantities: { bandwidth: 100, domains: 10, topLevelDomains: 1, originIps: 10 },
    });
  });

  it("keeps malformed values so that the engine names the field", () => {
    const config = configurationFromSearch(catalogue, "tcp", new URLSearchParams("ports=ten&duration=week-1"));
    const result = quote(catalogue, config);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual(["ports", "duration"]);
  });
});
