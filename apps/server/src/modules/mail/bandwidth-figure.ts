import type { Language } from "@rampart/contracts";

/** Bits per second as the reader writes them: 412 Mbps, 38.2 Gbps (38,2 Gbps in Indonesian and Vietnamese). */
export function formatBps(bps: number, language: Language): string {
  const units = ["bps", "Kbps", "Mbps", "Gbps", "Tbps"];
  let value = bps;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
