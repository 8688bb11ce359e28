// Prints one closing line for a test run made of several Vitest runs: the counts each wrote to its
// TEST_COUNTS_FILE (scripts/summary-reporter.ts), added up. A file that is missing (its run never
// got to the end) counts as one failure, so that the line never claims more than was seen.
// Usage: node scripts/sum-test-counts.ts FILE...
import { existsSync, readFileSync } from "node:fs";
import { closingLine, type TestCounts } from "./summary-reporter.ts";

const total: TestCounts = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    total.failed += 1;
    continue;
  }
  const counts = JSON.parse(readFileSync(file, "utf8")) as TestCounts;
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log(closingLine(total));
