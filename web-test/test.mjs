// The real-browser test of `puzzles serve`: headless Chromium opens the
// page and runs, in order, the checks of queens.mjs (the N = 4 whole tree
// stepped to its solutions, the tree, the code line, the solutions panel,
// N = 6 and queens placed by click), layout.mjs (1366×768 and 390×844,
// contrast), sudoku.mjs (the default Sudoku stepped from its givens to its
// solution) and crossword.mjs, on one page, and saves screenshots.
// learner.mjs (run after it by run.sh) holds the page to issue 26: the
// page as a learner sees it, at 1366×768, 1920×1080 and 390×844.
//
//   node test.mjs http://127.0.0.1:PORT/
//
// CHROMIUM overrides the browser (default /usr/bin/chromium); ARTIFACTS the
// folder for screenshots (default ./artifacts).

import { artifactsDir, baseUrl, Checks, launch } from './harness.mjs';
import { crosswordChecks } from './crossword.mjs';
import { layoutChecks } from './layout.mjs';
import { queensChecks } from './queens.mjs';
import { sudokuChecks } from './sudoku.mjs';

const base = baseUrl();
const artifacts = await artifactsDir();
const browser = await launch({ viewport: { width: 1280, height: 1000 } });
const { context } = browser;
const checks = new Checks();
const check = (condition, message) => checks.check(condition, message);
// The browser logs each refusal the test asks for on purpose.
const expectRefusal = () => { checks.refusalsExpected += 1; };

try {
  const page = context.pages()[0] || (await context.newPage());
  // The page must stay on its own server, and run without errors (a
  // Content-Security-Policy violation shows up as a console error).
  checks.watch(page, base);

  await queensChecks({ page, base, check, artifacts, expectRefusal });
  await layoutChecks({ page, context, base, check, artifacts });
  await sudokuChecks({ page, base, check, artifacts, expectRefusal });
  await crosswordChecks({ page, base, check, artifacts, expectRefusal });
  check(checks.problems.length === 0, `the page ran cleanly:\n${checks.problems.join('\n')}`);
  console.log(`web-test: ${checks.count} checks passed; screenshots in ${artifacts}`);
} finally {
  await browser.close();
}
