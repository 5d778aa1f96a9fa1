// The N-Queens part of the browser test (called from test.mjs): runs the
// N = 4 whole-tree search, steps to the first solution and back, checks the
// search tree, the lit code line, the frames and the solutions panel
// against the server's own trace, a capped N = 10 trace, addresses that
// keep the step, then N = 6: its solutions, your own start placed by
// click, queens that attack each other and a start with no completion.

import path from 'node:path';

import { stepText as readStep } from './harness.mjs';

export async function queensChecks({ page, base, check, artifacts, expectRefusal }) {
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
  const stepText = () => readStep(page);

  check((await queens.count()) === 0, 'the board starts empty');
  check((await page.locator('#code li.lit').getAttribute('data-kind')) === 'start', 'step 0 lights the first line of the code');

  // The tree: at N = 4 it grows as the search goes (learner.mjs checks
  // that); drawn whole, one node per placement (and the start), labelled
  // with its step and square; a click on a node moves the scrubber to its
  // step.
  check((await page.inputValue('#tree-mode')) === 'growing', 'N = 4 draws the tree growing by default');
  await page.selectOption('#tree-mode', 'whole');
  const places = trace.events.map((event, index) => ({ ...event, step: index + 1 })).filter((event) => event.event === 'place');
  const treeNodes = page.locator('#tree-scroll .tree-node');
  check((await treeNodes.count()) === places.length + 1, `the tree has ${places.length} nodes and the start, got ${await treeNodes.count()}`);
  const nodeSteps = await treeNodes.evaluateAll((nodes) => nodes.map((node) => Number(node.dataset.step)));
  check(JSON.stringify(nodeSteps.slice(1).sort((a, b) => a - b)) === JSON.stringify(places.map((p) => p.step)),
    `the tree's nodes are the placements' steps: ${nodeSteps}`);
  for (const place of places) {
    const labels = await page.locator(`#tree-scroll .tree-node[data-step="${place.step}"] text`).allTextContents();
    check(labels[0] === String(place.step) && labels[1] === `${place.row},${place.col}`,
      `the node of step ${place.step} reads ${place.step} and ${place.row},${place.col}: ${labels}`);
  }
  check((await page.locator('#tree-scroll .tree-node.future').count()) === places.length, 'at step 0 every placement is still ahead (faint)');
  check((await page.locator('#tree-scroll .tree-stub').count()) === trace.summary.counters.conflicts,
    'every conflict hangs under its node as a stub');
  await page.click('#tree-scroll .tree-node[data-step="30"]');
  check((await stepText()) === `step 30 of ${total}`, 'clicking the node of step 30 goes to step 30');
  check((await page.inputValue('#scrubber')) === '30', 'and moves the scrubber there');
  check((await page.locator('#tree-scroll .tree-node.current').getAttribute('data-step')) === '30', 'the node is the current one');
  check((await page.locator('#tree-scroll .tree-return.shown').count()) === 4,
    'the four placements taken back by step 30 have their red return edges');
  await page.screenshot({ path: path.join(artifacts, 'queens-4-tree.png'), fullPage: true });
  await page.click('#first-step');
  check((await board.getAttribute('data-state')) === 'start', 'the board starts in the start state');

  // Step forward with the button to the first solution, checking each step.
  let sawConflict = false;
  let conflictShot = false;
  for (let k = 1; k <= firstSolution; k += 1) {
    await page.click('#next');
    check((await stepText()) === `step ${k} of ${total}`, `the counter reads step ${k} of ${total}`);
    const event = trace.events[k - 1];
    check((await board.getAttribute('data-state')) === event.event, `step ${k} shows a ${event.event}`);
    const lit = page.locator('#code li.lit');
    check((await lit.count()) === 1, `step ${k}: one code line is lit`);
    check((await lit.getAttribute('data-kind')) === event.event,
      `step ${k}: the lit code line is the ${event.event} line, got ${await lit.getAttribute('data-kind')}`);
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

  // The frames show their loop variables; the caption after the last
  // column of a row does not promise another.
  await page.locator('#scrubber').evaluate((node) => {
    node.value = '20';
    node.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const frames = await page.locator('#stack li').allTextContents();
  check(frames.length === 3 && frames[2].includes('solve(2)') && frames[2].includes('col = 2 · tried 0–2, next 3'),
    `at step 20 the frame of row 2 says tried 0–2, next 3: ${frames}`);
  check(frames[1].includes('col = 3 · tried 0–3, no column after it'), `and row 1 has no column after 3: ${frames}`);
  check((await page.locator('#board .tried-mark').count()) === 2, 'the squares row 2 tried before are marked');
  await page.screenshot({ path: path.join(artifacts, 'queens-4-code.png'), fullPage: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const lastColumn = await page.locator('#event-text').textContent();
  check(lastColumn.includes('Row 1 has no column left to try') && !lastColumn.includes('next column'),
    `step 23 takes back the last column of row 1 and says so: ${lastColumn}`);
  await page.locator('#scrubber').evaluate((node, step) => {
    node.value = String(step);
    node.dispatchEvent(new Event('input', { bubbles: true }));
  }, firstSolution);

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

  // The solutions panel: at the end of the whole tree, both solutions of
  // N = 4, one class under rotation and reflection (as --unique says).
  await page.click('#last-step');
  const summaryText = await page.locator('#solutions-summary').textContent();
  check(summaryText.startsWith('2 solutions in 1 class of 2'), `the panel says 2 solutions in 1 class: ${summaryText}`);
  check((await page.locator('.solution-thumb').count()) === 2, 'two thumbnails');
  check((await page.locator('.class-title').textContent()).includes('[1, 3, 0, 2] · class of 2'), 'the class is named by its representative');
  await page.screenshot({ path: path.join(artifacts, 'queens-4-solutions.png'), fullPage: true });
  await page.click('.solution-thumb >> nth=1');
  check((await stepText()) === `step ${secondSolution} of ${total}`, 'a thumbnail goes to its solution');
  const download = page.locator('#download-board');
  check((await download.getAttribute('href')) === '/api/board.svg?cols=2,0,3,1', 'the download is the library\'s drawing of this board');
  const drawing = await page.request.get(`${base}api/board.svg?cols=2,0,3,1`);
  check(drawing.ok() && (await drawing.text()).includes('class="queen"'), 'the drawing downloads');
  await page.click('#prev');
  check((await download.getAttribute('aria-disabled')) === 'true', 'away from a solution the download waits');


  // A whole-tree search over the cap comes back cut short, and the page
  // says what to do instead.
  await page.selectOption('#param-n', '10');
  await page.check('input[name="mode"][value="all"]');
  // Asked for twice at once: the first request is dropped, not downloaded
  // and parsed (a tester's quick clicks waited for every stale trace).
  const dropped = [];
  const onFailed = (request) => {
    if (request.url().includes('/api/trace')) dropped.push(request.failure()?.errorText || '');
  };
  page.on('requestfailed', onFailed);
  await page.evaluate(() => {
    const form = document.getElementById('setup');
    form.requestSubmit();
    form.requestSubmit();
  });
  const message = page.locator('#message');
  await message.waitFor({ state: 'visible', timeout: 30_000 });
  const warning = await message.textContent();
  check(warning.includes('first-solution mode'), `the cap message suggests first-solution mode: ${warning}`);
  page.off('requestfailed', onFailed);
  check(dropped.length >= 1 && dropped.every((text) => text.includes('ABORTED')),
    `the search asked for before is dropped: ${JSON.stringify(dropped)}`);
  await page.waitForFunction(() => document.getElementById('step-counter').textContent === 'step 0 of 200000');
  const scrubWidth = async () => (await page.locator('#scrubber').boundingBox()).width;
  const widthAtStart = await scrubWidth();
  // A big trace keeps the tree small: the top levels, the current path,
  // closed subtrees as counts.
  const drawnAtStart = await page.locator('#tree-scroll .tree-node').count();
  check(drawnAtStart > 5 && drawnAtStart <= 400, `the 200,000-event tree draws a few nodes, not all: ${drawnAtStart}`);
  check((await page.locator('#tree-scroll .tree-badge').count()) > 0, 'closed subtrees show their counts');
  const started = Date.now();
  await page.click('#last-step');
  check((await stepText()) === 'step 200000 of 200000', 'the capped trace can be stepped to its end');
  const drawnAtEnd = await page.locator('#tree-scroll .tree-node').count();
  check(drawnAtEnd <= 500, `at its end the tree still draws a few nodes: ${drawnAtEnd}`);
  check((await page.locator('#tree-scroll .tree-node.current').count()) === 1, 'the current node is drawn and highlighted');
  check(Math.abs((await scrubWidth()) - widthAtStart) < 1, 'the scrubber keeps its width as the counter grows');
  for (const step of [1234, 99999, 150000, 7]) {
    await page.locator('#scrubber').evaluate((node, value) => {
      node.value = String(value);
      node.dispatchEvent(new Event('input', { bubbles: true }));
    }, step);
    check((await stepText()) === `step ${step} of 200000`, `the scrubber jumps to step ${step}`);
  }
  console.log(`web-test: 200,000-event trace: end and four jumps in ${Date.now() - started} ms (for information)`);
  const badge = page.locator('#tree-scroll .tree-badge').first();
  const hidden = Number((await badge.textContent()).match(/\+([\d,]+)/)[1].replace(/,/g, ''));
  const before = await page.locator('#tree-scroll .tree-node').count();
  await badge.click();
  const after = await page.locator('#tree-scroll .tree-node').count();
  check(after > before && hidden > 0, `a click on a count opens its subtree: ${before} → ${after} nodes`);
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

  // An N the form does not offer: said, and the default N shown (the box
  // went blank and the server was asked for n = "").
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=queens&n=99&mode=all`);
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('n=99'));
  check((await page.inputValue('#param-n')) === '8' && (await page.locator('.message.warning').count()) === 1,
    'an address with n = 99 says so and shows N = 8');


  // ---- N = 6: the whole tree, and your own start ----------------------
  const six = await (await page.request.get(`${base}api/trace?puzzle=queens&n=6&mode=all`)).json();
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=queens&n=6&mode=all&step=${six.events.length}`);
  await page.waitForFunction((expected) => document.getElementById('step-counter').textContent === expected,
    `step ${six.events.length} of ${six.events.length}`);
  const sixSummary = await page.locator('#solutions-summary').textContent();
  check(sixSummary.startsWith('4 solutions in 1 class of 4'), `N = 6: 4 solutions in 1 class of 4, as --unique says: ${sixSummary}`);
  check((await page.locator('.class-title').textContent()).includes('[1, 3, 5, 0, 2, 4] · class of 4 · 4 found'),
    'the class is the one puzzles queens 6 --unique prints');
  check((await page.locator('.solution-thumb').count()) === 4, 'four thumbnails');
  check((await page.locator('#tree-scroll .tree-node').count()) === six.summary.counters.placements + 1,
    'N = 6\'s whole tree is drawn whole');
  await page.screenshot({ path: path.join(artifacts, 'queens-6-solutions.png'), fullPage: true });

  // Space on a focused button plays and pauses instead of pressing it.
  await page.click('#first-step');
  await page.focus('#next');
  await page.keyboard.press('Space');
  check((await page.locator('#play').textContent()).includes('pause'), 'space on a focused button starts playing');
  await page.keyboard.press('Space');
  check((await page.locator('#play').textContent()).includes('play'), 'and space pauses again');
  check((await page.locator('.keys').textContent()).includes('P previous solution'), 'the key list names P');

  // Your own start: click a square, then search from it.
  const given = await (await page.request.get(`${base}api/trace?puzzle=queens&n=6&given=0:1&mode=all`)).json();
  await page.keyboard.press('Home');
  await page.click('#own-start');
  check((await board.getAttribute('data-state')) === 'setup', 'the board waits for your queens');
  await page.click('#board .squares rect[data-row="0"][data-col="1"]');
  check((await page.inputValue('#param-given')) === '0:1', 'a click places a queen: given 0:1');
  check((await page.locator('#board .queen.given').count()) === 1, 'and draws it, pinned');
  await page.screenshot({ path: path.join(artifacts, 'queens-6-own-start.png'), fullPage: true });
  await page.click('#own-start');
  await page.waitForFunction((expected) => document.getElementById('step-counter').textContent === expected,
    `step 0 of ${given.events.length}`);
  check((await page.locator('#board .queen.given').count()) === 1, 'the completion search starts from the given queen');
  check((await page.locator('#event-text').textContent()).includes('your own start'), 'the caption says so');
  await page.click('#last-step');
  check((await page.locator('#tree-scroll .tree-node').count()) === given.summary.counters.placements + 1,
    'the tree is the completion search\'s');
  check((await page.locator('#solutions-summary').textContent()).startsWith('1 solution in 1 class of 4'),
    'the one completion of (0, 1), in its class of 4');
  await page.waitForFunction(() => window.location.hash.includes('given=0%3A1'));
  await page.screenshot({ path: path.join(artifacts, 'queens-6-completion.png'), fullPage: true });

  // Queens that attack each other: said at once, and refused with the
  // CLI's words.
  await page.click('#first-step');
  await page.click('#own-start');
  await page.click('#board .squares rect[data-row="1"][data-col="2"]');
  const attackCaption = await page.locator('#event-text').textContent();
  check(attackCaption.includes('The pieces at (row 0, col 1) and (row 1, col 2) attack each other (diagonal)'),
    `placed queens that attack each other are named: ${attackCaption}`);
  check((await page.locator('#board .conflict-line').count()) === 1, 'and their attack is drawn');
  expectRefusal();
  await page.click('#load');
  await message.waitFor({ state: 'visible' });
  check((await message.textContent()) === 'The pieces at (row 0, col 1) and (row 1, col 2) attack each other (diagonal)',
    `the server refuses them as puzzles queens 6 --given 0:1,1:2 does: ${await message.textContent()}`);
  check((await page.locator('#event-text').textContent()).startsWith('No search was run'), 'the caption says no search ran');
  await page.screenshot({ path: path.join(artifacts, 'queens-6-attack.png'), fullPage: true });

  // A refusal made before routing is plain text (a 503 from a busy
  // server): the page shows its words, not only its status.
  await page.route('**/api/trace?**', (route) => route.fulfill({
    status: 503,
    contentType: 'text/plain; charset=utf-8',
    headers: { 'Retry-After': '1' },
    body: 'the server is busy: try again in a second\n',
  }), { times: 1 });
  expectRefusal();
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('busy'));
  check((await message.textContent()) === 'The server is busy: try again in a second',
    `a plain-text refusal is shown in its words: ${await message.textContent()}`);

  // Queens that cannot be completed: the whole search, and a clear word.
  await page.fill('#param-given', '0:0');
  await page.click('#load');
  await page.waitForFunction(() => /^step 0 of \d+$/.test(document.getElementById('step-counter').textContent)
    && document.getElementById('message').textContent.includes('No completion'));
  check((await message.textContent()).includes('No completion exists for the given queens'), 'an impossible start is said to be so');
  await page.click('#last-step');
  check((await page.locator('#event-text').textContent()).includes('no completion exists for the given queens'),
    'and the last step says it again');
  check((await page.locator('#solutions-summary').textContent()).startsWith('None: no completion exists'), 'the panel too');
}
