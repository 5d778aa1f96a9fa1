// The Sudoku part of the browser test (called from test.mjs): steps the
// catalogue's default puzzle from its givens to its solution, checking the
// DOM at each step against the test's own replay of the server's trace;
// then the solution, keys, play, the address, a grid typed in rows, the
// example buttons, the 25×25 grid and a bad grid.

import path from 'node:path';

import { stepText as readStep } from './harness.mjs';

export async function sudokuChecks({ page, base, check, artifacts, expectRefusal }) {
  const board = page.locator('#board');
  const message = page.locator('#message');
  const stepText = () => readStep(page);

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
  // Switching puzzle shows the new one's board at once, not the old one.
  await waitForStep(`step 0 of ${sudokuTotal}`);
  check((await page.locator('#board .queen').count()) === 0 && (await page.locator('#board .digit').count()) > 0,
    'switching puzzle replaces the board without a click on Start');
  check(await page.isChecked('input[name="mode"][value="first"]'), 'Sudoku starts in first-solution mode');
  check((await page.locator('.example[aria-pressed="true"]').count()) === 1, 'the default is marked among the examples');
  await page.click('#load');
  await waitForStep(`step 0 of ${sudokuTotal}`);
  const digits = page.locator('#board .digit');
  const givenCount = givens.filter((d) => d > 0).length;
  check((await digits.count()) === givenCount, `the ${givenCount} givens are drawn at the start`);
  check((await page.locator('#board .digit.given').count()) === givenCount, 'the givens are styled as givens');
  check((await page.locator('#legend-items li').count()) >= 6, 'the legend explains the Sudoku board');
  // The tree of guesses: a node per guess, the forced digits in each.
  const guessCount = sudokuTrace.events.filter((event, index) => event.event === 'place'
    && sudokuTrace.events[index + 1] && sudokuTrace.events[index + 1].depth === event.depth + 1).length;
  check((await page.locator('#tree-scroll .tree-node').count()) === guessCount + 1,
    `the Sudoku tree has a node per guess (${guessCount}) and the start`);
  check((await page.locator('#tree-scroll .tree-node[data-node="0"] text').allTextContents()).some((text) => /\+\d+ forced/.test(text)),
    'the start node lists the digits the givens force');
  check((await page.locator('#board .labels text').first().textContent()) === '1', 'the grid counts from 1, as the library\'s messages');

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
    const sudokuNext = sudokuTrace.events[k];
    const expectedLine = event.event === 'place'
      ? (sudokuNext && sudokuNext.depth === event.depth + 1 ? 'place' : 'forced')
      : event.event === 'conflict' ? (sudokuNext && sudokuNext.event === 'remove' ? 'dead-end' : 'conflict') : event.event;
    check((await page.locator('#code li.lit').getAttribute('data-kind')) === expectedLine,
      `Sudoku step ${k}: the lit code line is the ${expectedLine} line`);
    if (event.event === 'place') {
      const next = sudokuTrace.events[k];
      const guess = !!next && next.depth === event.depth + 1;
      const drawn = cellDigit(event.row, event.col);
      check((await drawn.textContent()) === SYMBOLS[event.value], `Sudoku step ${k}: ${event.value} is drawn in its cell`);
      check((await drawn.getAttribute('class')).includes(guess ? 'guess' : 'forced'),
        `Sudoku step ${k}: the digit is drawn as ${guess ? 'a guess' : 'forced'}`);
      check(caption.includes(guess ? 'Guess' : 'single'), `Sudoku step ${k}: the caption says why: ${caption}`);
      if (guess && !sawGuess) {
        // The caption's options are the trace's own: the digits refused
        // just before this guess, at its level.
        const refused = [];
        for (let j = k - 2; j >= 0 && sudokuTrace.events[j].event === 'conflict' && sudokuTrace.events[j].depth === event.depth; j -= 1) {
          refused.unshift(SYMBOLS[sudokuTrace.events[j].value]);
        }
        check(refused.length === 0 || caption.includes(`${refused.join(', ')} ${refused.length === 1 ? 'was' : 'were'} refused here by conflicts`),
          `Sudoku step ${k}: the first guess names the digits the trace refused before it (${refused}): ${caption}`);
      }
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
      // Sudoku counts rows and columns from 1, as the library's messages.
      check(caption.includes(`at row ${event.with[0] + 1}, column ${event.with[1] + 1}`),
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
  expectRefusal();
  await page.click('#load');
  await message.waitFor({ state: 'visible' });
  const error = await message.textContent();
  check(error === 'Invalid grid: bad character \'x\' at column 3 (expected a digit (1-9 for 9×9, up to 1-9 and A-P for 25×25), or \'.\' or \'0\' for an empty cell)',
    `a bad grid is refused with the library's message: ${error}`);
  check((await message.getAttribute('class')).includes('error'), 'shown as an error');
  check((await page.locator('#event-text').textContent()).startsWith('No search was run: invalid grid'),
    'after an error the caption says no search ran');
  check((await page.locator('#board').evaluate((node) => node.childElementCount)) === 0, 'and the old board is gone');
}
