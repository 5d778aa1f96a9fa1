// The real-browser test of `puzzles serve`: headless Chromium opens the
// page, runs the N = 4 whole-tree search, steps to the first solution and
// back, then steps the default Sudoku from its givens to its solution,
// checks the DOM at each step and saves screenshots.
//
//   node test.mjs http://127.0.0.1:PORT/
//
// CHROMIUM overrides the browser (default /usr/bin/chromium); ARTIFACTS the
// folder for screenshots (default ./artifacts).

import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = process.argv[2];
if (!base || !/^http:\/\/[^/]+\/$/.test(base)) {
  console.error('usage: node test.mjs http://HOST:PORT/');
  process.exit(2);
}
const artifacts = process.env.ARTIFACTS || path.join(here, 'artifacts');
await mkdir(artifacts, { recursive: true });

const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'puzzles-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1280, height: 1000 },
  deviceScaleFactor: 1,
});

const problems = [];
let refusalExpected = false;
let checks = 0;
function check(condition, message) {
  checks += 1;
  assert.ok(condition, message);
}

try {
  const page = context.pages()[0] || (await context.newPage());
  // The page must stay on its own server, and run without errors (a
  // Content-Security-Policy violation shows up as a console error).
  page.on('request', (request) => {
    if (!request.url().startsWith(base)) problems.push(`request to another origin: ${request.url()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('console', (message) => {
    // The browser logs the one refusal the test asks for on purpose.
    if (refusalExpected && message.text().includes('status of 400')) {
      refusalExpected = false;
      return;
    }
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

  // What the server says the search did, to hold the page to.
  const api = await page.request.get(`${base}api/trace?puzzle=queens&n=4&mode=all`);
  check(api.ok(), 'the trace endpoint answers');
  const trace = await api.json();
  const total = trace.events.length;
  const firstSolution = trace.events.findIndex((event) => event.event === 'solution') + 1;
  check(total === 93 && trace.summary.counters.solutions === 2, `N = 4 has 93 steps and 2 solutions, got ${total}`);
  check(firstSolution === 35, `the first solution is step 35, got ${firstSolution}`);

  await page.goto(base);
  await page.waitForSelector('#param-n option', { state: 'attached' });
  await page.selectOption('#param-n', '4');
  await page.check('input[name="mode"][value="all"]');
  await page.click('#load');
  await page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected,
    `step 0 of ${total}`,
  );

  const board = page.locator('#board');
  const queens = page.locator('#board .queen');
  const counter = page.locator('#step-counter');
  const stepText = async () => (await counter.textContent()).trim();

  check((await queens.count()) === 0, 'the board starts empty');
  check((await board.getAttribute('data-state')) === 'start', 'the board starts in the start state');

  // Step forward with the button to the first solution, checking each step.
  let sawConflict = false;
  let conflictShot = false;
  for (let k = 1; k <= firstSolution; k += 1) {
    await page.click('#next');
    check((await stepText()) === `step ${k} of ${total}`, `the counter reads step ${k} of ${total}`);
    const event = trace.events[k - 1];
    check((await board.getAttribute('data-state')) === event.event, `step ${k} shows a ${event.event}`);
    const placed = await page.locator('#count-placements').textContent();
    const expectedPlaced = trace.events.slice(0, k).filter((e) => e.event === 'place').length;
    check(Number(placed) === expectedPlaced, `step ${k}: ${expectedPlaced} placements counted`);
    if (event.event === 'conflict') {
      const line = page.locator('#board .conflict-line');
      check((await line.count()) === 1, `step ${k}: a conflict line is drawn`);
      const box = await line.boundingBox();
      check(box && box.width + box.height > 20, `step ${k}: the conflict line has a length`);
      const label = (await page.locator('#board .conflict-label text').textContent()).trim();
      check(label === event.kind, `step ${k}: the conflict is named ${event.kind}, got ${label}`);
      const caption = await page.locator('#event-text').textContent();
      check(caption.includes(`the queen at row ${event.with[0]}, column ${event.with[1]}`),
        `step ${k}: the caption names the clashing queen: ${caption}`);
      sawConflict = true;
      if (!conflictShot && event.row >= 2) {
        await page.screenshot({ path: path.join(artifacts, 'queens-4-conflict.png'), fullPage: true });
        conflictShot = true;
      }
    } else {
      check((await page.locator('#board .conflict-line').count()) === 0, `step ${k}: no conflict line`);
    }
  }
  check(sawConflict, 'a conflict marker was shown at some step');

  // The first solution.
  check((await board.getAttribute('data-state')) === 'solution', 'the board is in the solution state');
  check(await board.evaluate((node) => node.classList.contains('solved')), 'the board is marked solved');
  check((await queens.count()) === 4, 'four queens are drawn');
  const boxes = await queens.evaluateAll((nodes) => nodes.map((node) => {
    const rect = node.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  }));
  for (const box of boxes) {
    check(box.width > 20 && box.height > 20, `a queen has a real size: ${JSON.stringify(box)}`);
  }
  check(new Set(boxes.map((box) => Math.round(box.y))).size === 4, 'the queens stand in four different rows');
  check(new Set(boxes.map((box) => Math.round(box.x))).size === 4, 'the queens stand in four different columns');
  check((await page.locator('#cols').textContent()) === 'cols = [1, 3, 0, 2]', 'the path is cols = [1, 3, 0, 2]');
  check((await page.locator('#count-solutions').textContent()) === '1', 'one solution counted');
  check((await page.locator('#count-conflicts').textContent()) === '18', '18 conflicts counted');
  check((await page.locator('#count-backtracks').textContent()) === '4', '4 backtracks counted');
  check((await page.locator('#event-text').textContent()).includes('Solution 1!'), 'the caption announces solution 1');
  await page.screenshot({ path: path.join(artifacts, 'queens-4-solution.png'), fullPage: true });

  // Step back: the last queen is still there (step 34 placed it), one more
  // step back and it is gone.
  await page.click('#prev');
  check((await stepText()) === `step ${firstSolution - 1} of ${total}`, 'stepping back moves the counter back');
  check((await board.getAttribute('data-state')) === 'place', 'one step back is the last placement');
  check(!(await board.evaluate((node) => node.classList.contains('solved'))), 'no longer marked solved');
  check((await page.locator('#count-solutions').textContent()) === '0', 'no solution counted before it');
  await page.keyboard.press('ArrowLeft');
  check((await stepText()) === `step ${firstSolution - 2} of ${total}`, 'the left arrow steps back too');
  check((await queens.count()) === 3, 'three queens before the last placement');

  // The keyboard, the solution buttons and the scrubber.
  await page.keyboard.press('ArrowRight');
  check((await stepText()) === `step ${firstSolution - 1} of ${total}`, 'the right arrow steps forward');
  await page.click('#next-solution');
  check((await stepText()) === `step ${firstSolution} of ${total}`, 'next solution jumps to it');
  await page.click('#next-solution');
  const secondSolution = trace.events.findIndex((e, i) => i >= firstSolution && e.event === 'solution') + 1;
  check((await stepText()) === `step ${secondSolution} of ${total}`, 'next solution jumps to the second');
  check((await page.locator('#cols').textContent()) === 'cols = [2, 0, 3, 1]', 'the second solution is [2, 0, 3, 1]');
  await page.locator('#scrubber').evaluate((node) => {
    node.value = '3';
    node.dispatchEvent(new Event('input', { bubbles: true }));
  });
  check((await stepText()) === `step 3 of ${total}`, 'the scrubber moves to step 3');
  check((await queens.count()) === 1, 'at step 3 one queen stands');

  // Play: at top speed it runs to the first solution after step 3 and stops
  // there (pause at each solution is on).
  await page.locator('#speed').evaluate((node) => {
    node.value = '100';
    node.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('#play');
  await page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected,
    `step ${firstSolution} of ${total}`,
    { timeout: 10_000 },
  );
  check((await page.locator('#play').textContent()).includes('play'), 'play pauses at the solution');

  // A whole-tree search over the cap comes back cut short, and the page
  // says what to do instead.
  await page.selectOption('#param-n', '10');
  await page.check('input[name="mode"][value="all"]');
  await page.click('#load');
  const message = page.locator('#message');
  await message.waitFor({ state: 'visible', timeout: 30_000 });
  const warning = await message.textContent();
  check(warning.includes('first-solution mode'), `the cap message suggests first-solution mode: ${warning}`);
  await page.waitForFunction(() => document.getElementById('step-counter').textContent === 'step 0 of 200000');
  await page.click('#last-step');
  check((await stepText()) === 'step 200000 of 200000', 'the capped trace can be stepped to its end');
  await page.screenshot({ path: path.join(artifacts, 'queens-10-capped.png'), fullPage: true });

  // Back to N = 4 at its first solution for the screenshot a reader sees
  // first; loading by URL also checks that the address keeps the step.
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=queens&n=4&mode=all&step=${firstSolution}`);
  await page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected,
    `step ${firstSolution} of ${total}`,
  );
  check((await board.getAttribute('data-state')) === 'solution', 'a URL with a step opens at that step');
  await page.evaluate((step) => { window.location.hash = `puzzle=queens&n=4&mode=all&step=${step}`; }, secondSolution);
  await page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected,
    `step ${secondSolution} of ${total}`,
  );
  check((await page.locator('#cols').textContent()) === 'cols = [2, 0, 3, 1]', 'a changed address moves to its step');

  // ---- Sudoku ----------------------------------------------------------
  // The default puzzle of the catalogue, stepped from start to solution.
  const catalogue = await (await page.request.get(`${base}api/puzzles`)).json();
  const sudoku = catalogue.puzzles.find((puzzle) => puzzle.id === 'sudoku');
  check(sudoku && sudoku.parameters[0].kind === 'text', 'the catalogue offers Sudoku with a text box');
  const grid = sudoku.parameters[0].default;
  const sudokuTrace = await (await page.request.get(`${base}api/trace?puzzle=sudoku&grid=${grid}&mode=first`)).json();
  const sudokuTotal = sudokuTrace.events.length;
  check(sudokuTrace.events[sudokuTotal - 1].event === 'solution', 'the default puzzle is solved in first-solution mode');
  const SYMBOLS = '.123456789ABCDEFGHIJKLMNOP';
  const givens = Array.from(grid, (ch) => SYMBOLS.indexOf(ch));
  const side = Math.sqrt(givens.length);
  // The test's own replay: the grid after step k, and the guesses standing
  // (a guess is a placement whose next event stands one level deeper).
  const replay = (k) => {
    const cells = givens.slice();
    const guesses = [];
    sudokuTrace.events.slice(0, k).forEach((event, index) => {
      const cell = event.row * side + event.col;
      if (event.event === 'place') {
        cells[cell] = event.value;
        const next = sudokuTrace.events[index + 1];
        if (next && next.depth === event.depth + 1) guesses.push(cell);
      } else if (event.event === 'remove') {
        cells[cell] = 0;
        if (guesses[guesses.length - 1] === cell) guesses.pop();
      }
    });
    return { cells, guesses };
  };
  const waitForStep = (text, timeout = 30_000) => page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected, text, { timeout },
  );

  await page.goto('about:blank');
  await page.goto(base);
  await page.waitForSelector('#puzzle option[value="sudoku"]', { state: 'attached' });
  await page.selectOption('#puzzle', 'sudoku');
  check((await page.inputValue('#param-grid')) === grid, 'the text box holds the default puzzle');
  check(await page.isChecked('input[name="mode"][value="first"]'), 'Sudoku starts in first-solution mode');
  check((await page.locator('.example[aria-pressed="true"]').count()) === 1, 'the default is marked among the examples');
  await page.click('#load');
  await waitForStep(`step 0 of ${sudokuTotal}`);
  const digits = page.locator('#board .digit');
  const givenCount = givens.filter((d) => d > 0).length;
  check((await digits.count()) === givenCount, `the ${givenCount} givens are drawn at the start`);
  check((await page.locator('#board .digit.given').count()) === givenCount, 'the givens are styled as givens');
  check((await page.locator('#legend-items li').count()) >= 6, 'the legend explains the Sudoku board');

  let sawSudokuConflict = false;
  let sawGuess = false;
  let backtrackStep = 0;
  for (let k = 1; k <= sudokuTotal; k += 1) {
    await page.click('#next');
    check((await stepText()) === `step ${k} of ${sudokuTotal}`, `Sudoku: the counter reads step ${k}`);
    const event = sudokuTrace.events[k - 1];
    check((await board.getAttribute('data-state')) === event.event, `Sudoku step ${k} shows a ${event.event}`);
    const { cells } = replay(k);
    const filled = cells.filter((d) => d > 0).length;
    check((await digits.count()) === filled, `Sudoku step ${k}: ${filled} digits drawn`);
    const caption = await page.locator('#event-text').textContent();
    const cellDigit = (row, col) => page.locator(`#board .digit[data-row="${row}"][data-col="${col}"]`);
    if (event.event === 'place') {
      const next = sudokuTrace.events[k];
      const guess = !!next && next.depth === event.depth + 1;
      const drawn = cellDigit(event.row, event.col);
      check((await drawn.textContent()) === SYMBOLS[event.value], `Sudoku step ${k}: ${event.value} is drawn in its cell`);
      check((await drawn.getAttribute('class')).includes(guess ? 'guess' : 'forced'),
        `Sudoku step ${k}: the digit is drawn as ${guess ? 'a guess' : 'forced'}`);
      check(caption.includes(guess ? 'Guess' : 'single'), `Sudoku step ${k}: the caption says why: ${caption}`);
      if (guess) {
        sawGuess = true;
        check((await page.locator('#board .guess-ring').count()) === replay(k).guesses.length,
          `Sudoku step ${k}: each guess standing is ringed`);
      }
    }
    if (event.event === 'conflict' && event.kind !== 'item') {
      const line = page.locator('#board .conflict-line');
      check((await line.count()) === 1, `Sudoku step ${k}: a conflict line is drawn`);
      const box = await line.boundingBox();
      check(box && box.width + box.height > 20, `Sudoku step ${k}: the conflict line has a length`);
      const label = (await page.locator('#board .conflict-label text').textContent()).trim();
      check(label === event.kind, `Sudoku step ${k}: the conflict is named ${event.kind}, got ${label}`);
      check(caption.includes(`at row ${event.with[0]}, column ${event.with[1]}`),
        `Sudoku step ${k}: the caption names the clashing digit: ${caption}`);
      check((await page.locator('#board .clash-unit').count()) === side, `Sudoku step ${k}: the shared ${event.kind} is tinted`);
      // The picture: the first conflict with a digit a few cells away.
      const apart = Math.abs(event.row - event.with[0]) + Math.abs(event.col - event.with[1]);
      if (!sawSudokuConflict && apart >= 3) {
        await page.screenshot({ path: path.join(artifacts, 'sudoku-conflict.png'), fullPage: true });
        sawSudokuConflict = true;
      }
    } else {
      check((await page.locator('#board .conflict-line').count()) === 0, `Sudoku step ${k}: no conflict line`);
    }
    if (event.event === 'backtrack' && !backtrackStep) {
      backtrackStep = k;
      check((await page.locator('#board .marks .dead').count()) >= 1, `Sudoku step ${k}: the dead end is marked`);
      await page.screenshot({ path: path.join(artifacts, 'sudoku-backtrack.png'), fullPage: true });
    }
  }
  check(sawSudokuConflict, 'a Sudoku conflict marker was shown at some step, a few cells from its clash');
  check(sawGuess, 'a Sudoku guess was shown at some step');
  check(backtrackStep > 0, 'a Sudoku backtrack was shown at some step');

  // The solution: every cell drawn, a real size, in its own place, and a
  // valid grid.
  check((await board.getAttribute('data-state')) === 'solution', 'the Sudoku board is in the solution state');
  check(await board.evaluate((node) => node.classList.contains('solved')), 'the Sudoku board is marked solved');
  const drawn = await digits.evaluateAll((nodes) => nodes.map((node) => {
    const rect = node.getBoundingClientRect();
    return {
      row: Number(node.dataset.row), col: Number(node.dataset.col), text: node.textContent,
      x: rect.x, y: rect.y, width: rect.width, height: rect.height,
    };
  }));
  check(drawn.length === side * side, `all ${side * side} cells hold a digit`);
  for (const digit of drawn) {
    check(digit.width > 8 && digit.height > 15, `a digit has a real size: ${JSON.stringify(digit)}`);
  }
  check(new Set(drawn.map((d) => `${Math.round(d.x)},${Math.round(d.y)}`)).size === side * side,
    'every digit stands in its own place');
  const solved = replay(sudokuTotal).cells;
  check(drawn.every((d) => d.text === SYMBOLS[solved[d.row * side + d.col]]), 'the digits drawn are the solution');
  const byRow = Array.from({ length: side }, (_, r) => drawn.filter((d) => d.row === r).map((d) => d.text));
  const byCol = Array.from({ length: side }, (_, c) => drawn.filter((d) => d.col === c).map((d) => d.text));
  const box = Math.sqrt(side);
  const byBox = Array.from({ length: side }, (_, b) => drawn.filter((d) =>
    Math.floor(d.row / box) * box + Math.floor(d.col / box) === b).map((d) => d.text));
  for (const unit of [...byRow, ...byCol, ...byBox]) {
    check(new Set(unit).size === side, `each row, column and box holds every digit once: ${unit.join('')}`);
  }
  const counters = sudokuTrace.summary.counters;
  for (const name of ['placements', 'conflicts', 'backtracks', 'solutions', 'removals']) {
    check((await page.locator(`#count-${name}`).textContent()) === String(counters[name]), `the ${name} counter reads ${counters[name]}`);
  }
  const standing = replay(sudokuTotal).guesses.length;
  check((await page.locator('#stack li').count()) === standing + 1, `the path lists the start and ${standing} guesses`);
  check((await page.locator('#cols').textContent()).startsWith(`${side * side}/${side * side} filled`), 'the path says the grid is full');
  check((await page.locator('#event-text').textContent()).includes('Solution 1!'), 'the caption announces the Sudoku solution');
  await page.screenshot({ path: path.join(artifacts, 'sudoku-solution.png'), fullPage: true });

  // Keys, play and the address.
  await page.keyboard.press('Home');
  check((await stepText()) === `step 0 of ${sudokuTotal}`, 'Home goes back to the start');
  await page.keyboard.press('End');
  check((await stepText()) === `step ${sudokuTotal} of ${sudokuTotal}`, 'End goes to the solution');
  await page.keyboard.press('ArrowLeft');
  check((await stepText()) === `step ${sudokuTotal - 1} of ${sudokuTotal}`, 'the left arrow steps back');
  await page.locator('#scrubber').evaluate((node) => {
    node.value = '5';
    node.dispatchEvent(new Event('input', { bubbles: true }));
  });
  check((await stepText()) === `step 5 of ${sudokuTotal}`, 'the scrubber moves the Sudoku trace');
  await page.locator('#speed').evaluate((node) => {
    node.value = '100';
    node.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('#play');
  await waitForStep(`step ${sudokuTotal} of ${sudokuTotal}`, 10_000);
  check((await page.locator('#play').textContent()).includes('play'), 'play runs to the Sudoku solution and pauses');
  await page.waitForFunction(() => window.location.hash.includes('step='));
  const hash = new URLSearchParams((await page.evaluate(() => window.location.hash)).slice(1));
  check(hash.get('puzzle') === 'sudoku' && hash.get('grid') === grid && hash.get('mode') === 'first',
    `the address names the puzzle: ${hash}`);
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=sudoku&grid=${grid}&mode=first&step=${backtrackStep}`);
  await waitForStep(`step ${backtrackStep} of ${sudokuTotal}`);
  check((await board.getAttribute('data-state')) === 'backtrack', 'a Sudoku address opens at its step');
  check((await page.inputValue('#param-grid')) === grid, 'and puts its grid in the text box');

  // A grid typed in rows, with 0 for empty cells: the same search, and
  // the address keeps it on one line.
  const typed = Array.from({ length: side }, (_, r) => grid.slice(r * side, (r + 1) * side).replace(/\./g, '0')).join('\n');
  await page.fill('#param-grid', typed);
  await page.click('#load');
  await waitForStep(`step 0 of ${sudokuTotal}`);
  await page.click('#next');
  await page.waitForFunction(() => window.location.hash.includes('step=1'));
  const typedHash = new URLSearchParams((await page.evaluate(() => window.location.hash)).slice(1));
  check(typedHash.get('grid') === grid, `a grid typed in rows loads, and the address keeps it on one line: ${typedHash}`);

  // An example button loads its puzzle; singles need no conflict.
  const singles = sudoku.parameters[0].examples.find((example) => example.label === 'Singles only');
  const singlesTrace = await (await page.request.get(`${base}api/trace?puzzle=sudoku&grid=${singles.grid}&mode=first`)).json();
  await page.click('.example >> text=Singles only');
  await waitForStep(`step 0 of ${singlesTrace.events.length}`);
  check((await page.locator('.example[aria-pressed="true"]').textContent()) === 'Singles only', 'the example is marked');
  await page.click('#last-step');
  check((await page.locator('#count-conflicts').textContent()) === '0', 'the singles example has no conflict');
  check((await board.getAttribute('data-state')) === 'solution', 'the singles example ends solved');

  // The largest grid, at its solution.
  const big = sudoku.parameters[0].examples.find((example) => example.grid.length === 625);
  await page.click(`.example >> text=${big.label}`);
  await page.waitForFunction(() => /^step 0 of \d+$/.test(document.getElementById('step-counter').textContent)
    && document.querySelectorAll('#board .digit').length > 300);
  await page.click('#last-step');
  check((await digits.count()) === 625, 'the 25×25 grid is drawn whole');
  await page.screenshot({ path: path.join(artifacts, 'sudoku-25x25.png'), fullPage: true });

  // A bad grid: the server's message, shown as it is.
  await page.fill('#param-grid', '12x4');
  refusalExpected = true;
  await page.click('#load');
  await message.waitFor({ state: 'visible' });
  const error = await message.textContent();
  check(error === 'invalid grid: bad character \'x\' at column 3 (expected a digit (1-9 for 9×9, up to 1-9 and A-P for 25×25), or \'.\' or \'0\' for an empty cell)',
    `a bad grid is refused with the library's message: ${error}`);
  check((await message.getAttribute('class')).includes('error'), 'shown as an error');

  check(problems.length === 0, `the page ran cleanly:\n${problems.join('\n')}`);
  console.log(`web-test: ${checks} checks passed; screenshots in ${artifacts}`);
} finally {
  await context.close();
  await rm(userDataDir, { recursive: true, force: true });
}
