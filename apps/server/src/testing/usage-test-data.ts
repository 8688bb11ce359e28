import { USAGE_SUMS, type UsageSum } from "@rampart/contracts";

/** A usage bucket's figures, all zero: tests spread it and set the few figures they are about. */
export const NO_FIGURES = Object.fromEntries([...USAGE_SUMS, "peakBps"].map((figure) => [figure, 0])) as Record<
  UsageSum | "peakBps",
  number
>;
