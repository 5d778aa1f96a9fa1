// The real-browser test of `puzzles serve`: headless Chromium opens the
// page, runs the N = 4 whole-tree search, steps to the first solution and
// back, checks the DOM at each step and saves screenshots.
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

  check(problems.length === 0, `the page ran cleanly:\n${problems.join('\n')}`);
  console.log(`web-test: ${checks} checks passed; screenshots in ${artifacts}`);
} finally {
  await context.close();
  await rm(userDataDir, { recursive: true, force: true });
}
