import type { PurgeBody } from "@rampart/contracts";
import { AppError } from "../../http/errors.ts";

/** Whether a host is one of the package's domains (a `*.example.com` entry covers one label under it). */
function isPackageHost(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) =>
    domain.startsWith("*.")
      ? host.endsWith(domain.slice(1)) && !host.slice(0, -domain.length + 1).includes(".")
      : host === domain,
  );
}

/** An address as the platform gets it: http(s), a host of the package, no credentials or fragment. */
function addressOf(raw: string, scope: "urls" | "directories", domains: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError(400, "purge_target_invalid", { value: raw });
  }
  const plain = (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.hash;
  if (!plain || (scope === "directories" && (!url.pathname.endsWith("/") || url.search)))
    throw new AppError(400, "purge_target_invalid", { value: raw });
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!isPackageHost(host, domains)) throw new AppError(400, "purge_target_foreign", { value: host });
  return url.href;
}

/**
 * What a request purges or prefetches, checked against the package's domains (the first bad entry
 * named): URLs and directories (ending in "/") on its domains, or whole domains of it; prefetch
 * takes URLs only. Repeated entries count once.
 */
export function checkTargets(body: PurgeBody, domains: readonly string[]): string[] {
  if (body.kind === "prefetch" && body.scope !== "urls") throw new AppError(400, "purge_prefetch_urls");
  const names = domains.map((domain) => domain.toLowerCase());
  const checked = body.targets.map((raw) => {
    if (body.scope !== "everything") return addressOf(raw, body.scope, names);
    const name = raw.trim().toLowerCase().replace(/\.$/, "");
    if (!/^[a-z0-9*.-]+$/.test(name)) throw new AppError(400, "purge_target_invalid", { value: raw });
    if (!names.includes(name)) throw new AppError(400, "purge_target_foreign", { value: name });
    return name;
  });
  return [...new Set(checked)];
}
