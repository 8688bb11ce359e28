/** Throughput units, base 1000 (spec section 9): bits per second up to petabits. */
export const THROUGHPUT_UNITS = ["bps", "Kbps", "Mbps", "Gbps", "Tbps", "Pbps"] as const;
export type ThroughputUnit = (typeof THROUGHPUT_UNITS)[number];

const BASE = 1000;

/** The 95th percentile (nearest rank) of the positive samples, or 0 when there are none. */
export function percentile95OfPositive(samples: readonly number[]): number {
  const positive = samples.filter((value) => value > 0).sort((a, b) => a - b);
  if (positive.length === 0) return 0;
  return positive[Math.ceil(0.95 * positive.length) - 1]!;
}

/**
 * The unit a throughput series is drawn in (spec section 9): chosen by the 95th percentile of its
 * positive samples, so that a single spike does not push the whole chart into a larger unit.
 * `divisor` turns a sample in bits per second into that unit.
 */
export function throughputUnit(samples: readonly number[]): { unit: ThroughputUnit; divisor: number } {
  const p95 = percentile95OfPositive(samples);
  let index = 0;
  while (index < THROUGHPUT_UNITS.length - 1 && p95 >= BASE ** (index + 1)) index++;
  return { unit: THROUGHPUT_UNITS[index]!, divisor: BASE ** index };
}
