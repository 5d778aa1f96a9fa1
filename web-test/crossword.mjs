// The crossword panel of the browser test (called from test.mjs): picks
// Crossword, steps the default grid from its first event to its fill,
// checking at each step the board's state, the slot of the step, the
// letters, the failing crossing, the candidate count of every slot and the
// lit code line against the server's own trace; then the tree, the
// solutions, an example without a fill, a grid typed in and a bad one.

import path from 'node:path';

// Each slot's candidate counts after every step, replayed from the trace.
function countsByStep(trace) {
  const now = trace.candidates.slice();
  const all = [now.slice()];
  for (const event of trace.events) {
    for (const [slot, value] of event.candidates || []) now[slot] = value;
    all.push(now.slice());
  }
  return all;
}

function slotCells(slot) {
  return Array.from({ length: slot.len }, (_, i) => [
    slot.row + (slot.direction === 'down' ? i : 0),
    slot.col + (slot.direction === 'across' ? i : 0),
  ]);
}

export async function crosswordChecks({ page, base, check, artifacts, expectRefusal }) {
  const catalogue = await (await page.request.get(`${base}api/puzzles`)).json();
  const crossword = catalogue.puzzles.find((puzzle) => puzzle.id === 'crossword');
  check(crossword && crossword.parameters[0].kind === 'text', 'the catalogue offers crosswords with a text box');
  check(crossword.parameters[1].kind === 'choice' && crossword.parameters[1].options[0].value === 'english',
    'and the English word list to choose');
  const grid = crossword.parameters[0].default;
  const trace = await (await page.request.get(
    `${base}api/trace?puzzle=crossword&grid=${encodeURIComponent(grid)}&mode=first`)).json();
  const total = trace.events.length;
  check(trace.puzzle === 'crossword' && trace.events[total - 1].event === 'solution',
    'the default grid is filled in first-fill mode');
  const counts = countsByStep(trace);
  const slotKey = (ref) => `${ref.slot ?? ref.number}-${ref.direction}`;
  const slotOf = (ref) => trace.slots.find((slot) => slot.number === ref.slot && slot.direction === ref.direction);

  const counter = page.locator('#step-counter');
  const board = page.locator('#board');
  const waitForStep = (text) => page.waitForFunction(
    (expected) => document.getElementById('step-counter').textContent === expected, text);

  await page.goto(base);
  await page.waitForSelector('#puzzle option[value="crossword"]', { state: 'attached' });
  await page.selectOption('#puzzle', 'crossword');
  await waitForStep(`step 0 of ${total}`);
  check((await page.inputValue('#param-grid')) === grid, 'the grid box holds the default grid');
  check((await page.getAttribute('#param-grid', 'rows')) === String(crossword.parameters[0].lines),
    'the grid box has a line per row');
  check((await page.inputValue('#param-words')) === 'english', 'the English list is chosen');
  check(await page.isChecked('input[name="mode"][value="first"]'), 'crosswords start in first-fill mode');
  check((await page.locator('.example[aria-pressed="true"]').textContent()) === crossword.parameters[0].examples[0].label,
    'the default grid is marked as its example');
  const whites = trace.lines.join('').split('').filter((ch) => ch !== '#').length;
  check((await page.locator('#board .cw-square').count()) === whites, 'every white square is drawn');
  check((await page.locator('#board .cw-count').count()) === trace.slots.length, 'every slot has its count');
  check((await page.locator('#legend-items li').count()) >= 6, 'the legend explains the crossword board');

  const lineOf = (event) => (event.event === 'place' ? (event.forced ? 'forced' : 'place') : event.event);
  let sawConflict = false;
  for (let k = 0; k <= total; k += 1) {
    if (k > 0) await page.click('#next');
    check((await counter.textContent()) === `step ${k} of ${total}`, `the counter reads step ${k}`);
    const event = k > 0 ? trace.events[k - 1] : null;
    check((await board.getAttribute('data-state')) === (event ? event.event : 'start'), `step ${k} shows its event`);
    const lit = await page.locator('#code li.lit').getAttribute('data-kind');
    check(lit === (event ? lineOf(event) : 'start'), `step ${k}: the ${lit} line is lit`);
    const shown = await page.locator('#board .cw-count').evaluateAll((nodes) => Object.fromEntries(
      nodes.map((node) => [node.dataset.slot, Number(node.dataset.count)])));
    trace.slots.forEach((slot, index) => {
      check(shown[slotKey(slot)] === counts[k][index],
        `step ${k}: ${slot.number} ${slot.direction} has ${counts[k][index]} candidates, shown ${shown[slotKey(slot)]}`);
    });
    if (!event) continue;
    const caption = await page.locator('#event-text').textContent();
    if (event.word) check(caption.includes(event.word), `step ${k}: the caption names the word ${event.word}`);
    if (event.event === 'place' || event.event === 'conflict') {
      const marked = await page.locator(`#board .cw-slot[data-slot="${slotKey(event)}"]`).count();
      check(marked === 1, `step ${k}: the slot being filled is marked`);
      const letters = [];
      for (const [row, col] of slotCells(slotOf(event))) {
        letters.push(await page.locator(`#board .cw-letter[data-row="${row}"][data-col="${col}"]`).first().textContent());
      }
      check(letters.join('') === event.word, `step ${k}: ${event.word} stands in its slot, read ${letters.join('')}`);
    }
    if (event.event === 'conflict') {
      sawConflict = true;
      check((await page.locator(`#board .cw-failed[data-slot="${slotKey(event.with)}"]`).count()) === 1,
        `step ${k}: the crossing that failed (${event.with.slot} ${event.with.direction}) is marked`);
      check(caption.includes(`${event.with.slot} ${event.with.direction} without a word`),
        `step ${k}: the caption names the crossing that failed`);
    }
  }
  check(sawConflict, 'the default grid shows conflicts');
  check((await board.getAttribute('class') || '').includes('solved'), 'the last step is the fill');
  const filled = trace.events[total - 1].grid;
  for (let row = 0; row < trace.rows; row += 1) {
    const letters = await page.locator(`#board .cw-letter[data-row="${row}"]`).allTextContents();
    check(letters.join('') === filled[row].replace(/#/g, ''), `row ${row} of the fill reads ${filled[row]}`);
  }
  check((await page.locator('#solutions .solution-thumb').count()) === 1, 'the fill is in the solutions panel');
  const choices = trace.events.filter((event) => event.event === 'place' && !event.forced).length;
  check((await page.locator('#tree-scroll .tree-node').count()) === choices + 1,
    `the tree has a node per word chosen (${choices}) and the start`);
  await page.screenshot({ path: path.join(artifacts, 'crossword-5x5.png'), fullPage: true });

  // An example without a fill: the whole tree, and no fill.
  const none = crossword.parameters[0].examples.find((example) => example.name === 'no-fill');
  const noneTrace = await (await page.request.get(`${base}api/trace?puzzle=crossword&example=no-fill&mode=first`)).json();
  await page.click(`.example >> text=${none.label}`);
  await waitForStep(`step 0 of ${noneTrace.events.length}`);
  await page.click('#last-step');
  check((await page.locator('#event-text').textContent()).includes('no fill of this grid exists'),
    'at its end the caption says no fill exists');
  check((await page.locator('#solutions-summary').textContent()).startsWith('None: this grid has no fill'),
    'and the solutions panel says so');

  // An address may name an example, as the API's query does; a name the
  // catalogue does not know is said, not passed over.
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=crossword&example=no-fill`);
  await waitForStep(`step 0 of ${noneTrace.events.length}`);
  check((await page.locator('.example[aria-pressed="true"]').textContent()) === none.label,
    'an address that names an example loads it');
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=crossword&example=corner-zz`);
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('example=corner-zz'));
  check((await page.locator('.example[aria-pressed="true"]').textContent()) === crossword.parameters[0].examples[0].label,
    'an unknown example in the address is said, and the default grid shown');

  // An address typed in on a loaded page shows what it names, not what the
  // form held before (a tester's page stayed one address behind), and
  // another puzzle's address runs that puzzle with its own parameters.
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=crossword&example=open-5x5`);
  const openTrace = await (await page.request.get(`${base}api/trace?puzzle=crossword&example=open-5x5&mode=first`)).json();
  await waitForStep(`step 0 of ${openTrace.events.length}`);
  await page.evaluate(() => { window.location.hash = 'puzzle=crossword&example=no-fill'; });
  await waitForStep(`step 0 of ${noneTrace.events.length}`);
  check((await page.locator('.example[aria-pressed="true"]').textContent()) === none.label,
    'a new address on a loaded page loads the example it names');
  const queensTrace = await (await page.request.get(`${base}api/trace?puzzle=queens&n=6&mode=first`)).json();
  await page.evaluate(() => { window.location.hash = 'puzzle=queens&n=6'; });
  await waitForStep(`step 0 of ${queensTrace.events.length}`);
  check((await page.locator('#puzzle').inputValue()) === 'queens', 'a queens address switches the puzzle');
  // What the address names that the page cannot hold is said.
  await page.evaluate(() => { window.location.hash = 'puzzle=crossword&example=open-5x5&words=bogus&steps=5'; });
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('words=bogus'));
  check((await page.locator('#message').textContent()).includes('steps=5'),
    'an unknown word list and a parameter the page does not take are said');
  await waitForStep(`step 0 of ${openTrace.events.length}`);

  // A grid typed in, with a comment line: its trace, and an address that
  // keeps it.
  const typed = '% mine\n..#\n...\n#..';
  const typedTrace = await (await page.request.get(
    `${base}api/trace?puzzle=crossword&grid=${encodeURIComponent(typed)}&mode=first`)).json();
  await page.fill('#param-grid', typed);
  check((await page.locator('.example[aria-pressed="true"]').count()) === 0, 'a grid of your own marks no example');
  await page.click('#load');
  await waitForStep(`step 0 of ${typedTrace.events.length}`);
  await page.click('#last-step');
  check((await board.getAttribute('data-state')) === 'solution', 'the grid typed in is filled');
  await page.waitForFunction((text) => new URLSearchParams(window.location.hash.slice(1)).get('grid') === text, typed);
  const hash = new URLSearchParams(await page.evaluate(() => window.location.hash.slice(1)));
  check(hash.get('puzzle') === 'crossword' && hash.get('grid') === typed, `the address keeps the grid: ${hash}`);

  // A bad grid: the server's message, as it is but for its first letter
  // (a banner starts with a capital, issue 26).
  await page.fill('#param-grid', '..\n.!');
  expectRefusal();
  await page.click('#load');
  const message = page.locator('#message');
  await message.waitFor({ state: 'visible' });
  const error = await message.textContent();
  check(error === 'Invalid grid: line 2, column 2: unexpected character \'!\' (expected \'#\', \'.\' or a letter A-Z)',
    `a bad grid is refused with the library's message (capitalised): ${error}`);
  check((await page.locator('#board').evaluate((node) => node.childElementCount)) === 0, 'and the old board is gone');
}
