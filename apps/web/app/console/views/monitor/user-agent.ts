import Bowser from "bowser";

/** A browser's User-Agent as a person reads it: "Chrome 142 · Linux" (the raw string if unknown). */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent) return "—";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  const text = [browser, system].filter(Boolean).join(" · ");
  return text || userAgent.slice(0, 60);
}
