import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** The counts of one run, as the closing line gives them. */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The closing line that CI reads: `N passed, N failed[, N skipped]`. */
export function closingLine({ passed, failed, skipped }: TestCounts): string {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

/**
 * Prints the closing line, alone and last. With TEST_COUNTS_FILE set it also writes the counts
 * there as JSON, for a run made of several Vitest runs (`.ci/run`: the fast stage, then the rest)
 * to close with one line for all of them (scripts/sum-test-counts.ts).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") failedHere++;
        else counts.skipped++;
      }
      // A file that fails without a failing test (it did not load, or a beforeAll/afterAll hook
      // threw and its tests were skipped) still failed: count it as one failure.
      if (testModule.state() === "failed" && failedHere === 0) failedHere = 1;
      counts.failed += failedHere;
    }
    counts.failed += unhandledErrors.length;
    if (process.env.TEST_COUNTS_FILE) writeFileSync(process.env.TEST_COUNTS_FILE, JSON.stringify(counts));
    console.log(closingLine(counts));
  }
}
