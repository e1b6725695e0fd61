// Adds up the JSON reports of the Vitest and Playwright runs into one closing line: "N passed, N failed".
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let line;
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    line = `${report.numPassedTests} passed, ${report.numFailedTests} failed`;
  } else {
    // Playwright
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    line = `${s.expected + s.flaky} passed, ${s.unexpected} failed`;
  }
  console.log(`${file.split('/').pop()}: ${line}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
