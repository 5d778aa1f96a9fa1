// The page as a learner meets it (issue 26), in headless Chromium at the
// three viewports of the issue: 1366×768, 1920×1080 and 390×844. Each
// section names the item of the issue it holds the page to; each of its
// checks failed on the page before that item was done.
//
//   node learner.mjs http://127.0.0.1:PORT/
//
// Prints the time a jump takes (scrubber, solution click) at N = 8, for
// information only: timings are not asserted.

import path from 'node:path';

import { artifactsDir, baseUrl, Checks, launch, open, scrubTo, settle, stepText } from './harness.mjs';

const base = baseUrl();
const artifacts = await artifactsDir();
const checks = new Checks();
// KEEP_GOING=1: a failed check does not stop the run; each section stops at
// its first failure and the run ends with the list (to see what an older
// page fails).
const keepGoing = !!process.env.KEEP_GOING;
const failures = [];
let current = '';
const check = (condition, message) => {
  if (keepGoing && !condition) {
    checks.count += 1;
    failures.push(`${current}: ${message}`);
    return;
  }
  checks.check(condition, message);
};
async function section(title, body) {
  current = title;
  try {
    await body();
  } catch (error) {
    if (!keepGoing) throw error;
    failures.push(`${title}: ${error.message.split('\n')[0]}`);
  }
}
const browser = await launch();

const VIEWPORTS = {
  laptop: { width: 1366, height: 768 },
  desktop: { width: 1920, height: 1080 },
  phone: { width: 390, height: 844 },
};

// Rectangles of the page, as plain objects.
const rect = (locator) => locator.evaluate((node) => {
  const r = node.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
});
const inside = (inner, outer, slack = 0.5) => inner.left >= outer.left - slack && inner.right <= outer.right + slack
  && inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
// What of the tree panel is seen: its box less the scroll bars.
const treeView = (page) => page.locator('#tree-scroll').evaluate((node) => {
  const r = node.getBoundingClientRect();
  return { left: r.left + node.clientLeft, top: r.top + node.clientTop,
    right: r.left + node.clientLeft + node.clientWidth, bottom: r.top + node.clientTop + node.clientHeight };
});
// The size on screen of the tree's text, in CSS pixels.
const treeFont = (page) => page.locator('#tree-scroll .tree-node text').first().evaluate((node) =>
  parseFloat(getComputedStyle(node).fontSize) * node.ownerSVGElement.getScreenCTM().a);
const trace = async (page, query) => (await page.request.get(`${base}api/trace?${query}`)).json();
// The tree's drawing, where the page offers the choice (an older page
// drew it whole).
const chooseTree = async (page, mode) => {
  if (await page.locator('#tree-mode').count()) await page.selectOption('#tree-mode', mode);
};
const median = (values) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  const page = browser.context.pages()[0] || (await browser.context.newPage());
  if (keepGoing) page.setDefaultTimeout(5000);
  checks.watch(page, base);
  const four = await trace(page, 'puzzle=queens&n=4&mode=all');
  const five = await trace(page, 'puzzle=queens&n=5&mode=all');
  const eight = await trace(page, 'puzzle=queens&n=8&mode=all');

  await section('1. The tree fits its panel: N = 4 and 5 whole and legible', async () => {
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      for (const [n, whole] of [[4, four], [5, five]]) {
        if (name === 'phone' && n === 5) continue; // 14 leaves across a phone: scrolled, see below
        await open(page, base, `puzzle=queens&n=${n}&mode=all&step=0`, 0);
        await chooseTree(page, 'whole');
        await settle(page);
        const nodes = await page.locator('#tree-scroll .tree-node').count();
        check(nodes === whole.summary.counters.placements + 1, `${name}: N = ${n}'s whole tree is drawn (${nodes} nodes)`);
        const fits = await page.locator('#tree-scroll').evaluate((node) =>
          node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1);
        check(fits, `${name}: N = ${n}'s whole tree fits its panel without scrolling`);
        const font = await treeFont(page);
        check(font >= 11, `${name}: N = ${n}'s tree text is ${font.toFixed(1)} px`);
        if (n === 4) {
          await page.screenshot({ path: path.join(artifacts, `learner-${size.width}x${size.height}-queens-4.png`) });
        }
      }
    }
    // On the phone N = 4's every node and conflict stub is in view (node 34
    // and the stubs were cut off).
    await page.setViewportSize(VIEWPORTS.phone);
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=34', 34);
    await chooseTree(page, 'whole');
    await settle(page);
    {
      const view = await treeView(page);
      const boxes = await page.locator('#tree-scroll .tree-node, #tree-scroll .tree-stub').evaluateAll((nodes) =>
        nodes.map((node) => { const r = node.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }));
      check(boxes.length === four.summary.counters.placements + 1 + four.summary.counters.conflicts, 'phone: every node and stub of N = 4 is drawn');
      check(boxes.every((box) => inside(box, view, 1)), 'phone: every node and stub of N = 4 is in view');
    }

    // ---- 1. … and the path from the root to the current node in view at N = 8
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await open(page, base, 'puzzle=queens&n=8&mode=all&step=4', 4);
      if (await page.locator('#tree-mode').count()) {
        check((await page.inputValue('#tree-mode')) === 'whole', `${name}: N = 8 draws the whole tree by default`);
      }
      for (const step of [4, 1, 2500, 9000, 19000, eight.events.length, 30]) {
        await scrubTo(page, step);
        const view = await treeView(page);
        const path = await page.locator('#tree-scroll .tree-node[data-node="0"], #tree-scroll .tree-node.path, #tree-scroll .tree-node.current')
          .evaluateAll((nodes) => nodes.map((node) => {
            const r = node.getBoundingClientRect();
            return { id: node.dataset.node, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }));
        const out = path.filter((box) => !inside(box, view, 1)).map((box) => box.id);
        check(path.length >= 2 || step <= 1 || step === eight.events.length, `${name}: N = 8 step ${step} has a path`);
        check(out.length === 0, `${name}: N = 8 step ${step}: the root and the path to the current node are in view (out: ${out})`);
      }
      const font = await treeFont(page);
      check(font >= (name === 'phone' ? 11 : 9), `${name}: N = 8's tree text is ${font.toFixed(1)} px`);
      await scrubTo(page, 3000);
      await page.screenshot({ path: path.join(artifacts, `learner-${size.width}x${size.height}-queens-8.png`) });
    }

  });
  await section('1. … and at N = 11 and 12: the root and the current node in view, legible', async () => {
    // The deepest paths: at 1366×768 thirteen levels did not fit the panel
    // at a legible scale (7 px text), and on the phone N = 11's root, off
    // to the side of a path wider than the panel, was scrolled away.
    for (const name of ['laptop', 'phone']) {
      await page.setViewportSize(VIEWPORTS[name]);
      for (const [n, mode, drawing] of [[12, 'all', 'whole'], [12, 'all', 'growing'], [12, 'first', 'whole'], [11, 'all', 'whole'], [11, 'first', 'whole']]) {
        const deep = await trace(page, `puzzle=queens&n=${n}&mode=${mode}`);
        const first = (test) => deep.events.findIndex(test) + 1;
        // The first queen of each of the last four rows, a conflict in the
        // last row (its stubs under the deepest node), the first solution,
        // a backtrack from the last row, the middle and the end.
        const steps = [...new Set([
          ...[4, 3, 2, 1].map((back) => first((event) => event.event === 'place' && event.row === n - back)),
          first((event) => event.event === 'conflict' && event.row === n - 1),
          first((event) => event.event === 'solution'),
          first((event) => event.event === 'backtrack' && event.row === n - 1),
          Math.floor(deep.events.length / 2), deep.events.length,
        ].filter((step) => step > 0))];
        await open(page, base, `puzzle=queens&n=${n}&mode=${mode}&step=${steps[0]}`, steps[0]);
        await chooseTree(page, drawing);
        const where = `${name}: N = ${n}, ${mode === 'all' ? 'whole tree' : 'first solution'}, drawn ${drawing}`;
        for (const step of steps) {
          await scrubTo(page, step);
          // The learner scrolls the page to the tree: a warning above it
          // may push it down at 1366×768, a deeper stack on the phone.
          await page.locator('#tree-scroll').scrollIntoViewIfNeeded();
          const panel = await treeView(page);
          const size = VIEWPORTS[name];
          const view = { left: Math.max(panel.left, 0), top: Math.max(panel.top, 0),
            right: Math.min(panel.right, size.width), bottom: Math.min(panel.bottom, size.height) };
          const boxes = await page.locator('#tree-scroll .tree-node[data-node="0"], #tree-scroll .tree-node.current')
            .evaluateAll((nodes) => nodes.map((node) => {
              const r = node.getBoundingClientRect();
              return { id: node.dataset.node, current: node.classList.contains('current'), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
            }));
          check(boxes.some((box) => box.id === '0') && boxes.some((box) => box.current), `${where}, step ${step}: the root and the current node are drawn`);
          const out = boxes.filter((box) => !inside(box, view, 1)).map((box) => (box.current ? `${box.id} (current)` : box.id));
          check(out.length === 0, `${where}, step ${step}: the root and the current node are in the tree's view (out: ${out})`);
        }
        const font = await treeFont(page);
        check(font >= (name === 'phone' ? 11 : 9.5), `${where}: the tree's text is ${font.toFixed(1)} px`);
        if (n === 12 && mode === 'all' && drawing === 'whole') {
          await scrubTo(page, steps.find((step) => deep.events[step - 1].event === 'solution'));
          await page.screenshot({ path: path.join(artifacts, `learner-${VIEWPORTS[name].width}x${VIEWPORTS[name].height}-queens-12.png`) });
        }
      }
    }

  });
  await section('2. Numbered in visit order, growing as the search goes', async () => {
    await page.setViewportSize(VIEWPORTS.laptop);
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=0', 0);
    check((await page.inputValue('#tree-mode')) === 'growing', 'N = 4 grows its tree by default');
    check((await page.locator('#tree-scroll .tree-node').count()) === 1, 'at step 0 the growing tree is its root alone');
    for (const step of [1, 5, 12, 35, four.events.length]) {
      await scrubTo(page, step);
      const made = four.events.slice(0, step).filter((event) => event.event === 'place').length;
      const labels = await page.locator('#tree-scroll .tree-node').evaluateAll((nodes) =>
        nodes.map((node) => [Number(node.dataset.node), node.querySelector('text').textContent]));
      check(labels.length === made + 1, `growing, step ${step}: ${made} nodes and the root, got ${labels.length}`);
      check(labels.every(([id, label]) => id === 0 || label === String(id)),
        `growing, step ${step}: nodes numbered in visit order: ${labels.map(([, label]) => label)}`);
      check(new Set(labels.map(([, label]) => label)).size === labels.length, `growing, step ${step}: numbers 1, 2, 3, … once each`);
    }
    await chooseTree(page, 'whole');
    await scrubTo(page, 0);
    const wholeLabels = await page.locator('#tree-scroll .tree-node:not([data-node="0"]) text.tree-step').allTextContents();
    const placeSteps = four.events.map((event, index) => (event.event === 'place' ? String(index + 1) : null)).filter(Boolean);
    check(JSON.stringify(wholeLabels.slice().sort()) === JSON.stringify(placeSteps.slice().sort()),
      'whole: every node from step 0, numbered by step');

  });
  await section('3. Choose, explore and un-choose each lit in their turn', async () => {
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=0', 0);
    let calls = 0;
    let loops = 0;
    for (let k = 1; k <= 35; k += 1) {
      await page.click('#next');
      const event = four.events[k - 1];
      const previous = four.events[k - 2];
      // The first step inside a call: its caller's solve(row + 1) is lit.
      const calling = !!previous && previous.event === 'place';
      // A column tried after another of the same row: the for line is lit.
      let looping = false;
      if (event.event === 'conflict' || event.event === 'place') {
        for (let j = k - 2; j >= 0; j -= 1) {
          const earlier = four.events[j];
          if (earlier.event === 'place' && earlier.row === event.row - 1) break;
          if (['conflict', 'place', 'remove'].includes(earlier.event) && earlier.row === event.row) { looping = true; break; }
        }
      }
      const roles = await page.locator('#code li').evaluateAll((items) => Object.fromEntries(items.map((item) =>
        [item.dataset.kind, item.className])));
      check(/\bcalling\b/.test(roles.explore) === calling,
        `step ${k} (${event.event}): solve(row + 1) is ${calling ? '' : 'not '}lit as the call that led here`);
      check(/\blooping\b/.test(roles.loop) === looping,
        `step ${k} (${event.event}): the for line is ${looping ? '' : 'not '}lit for the next column`);
      check(/\blit\b/.test(roles[event.event]), `step ${k}: the ${event.event} line is this step's`);
      calls += calling;
      loops += looping;
    }
    check(calls > 5 && loops > 5, `in the 35 steps of N = 4, explore is lit ${calls} times, the for line ${loops} times`);
    // Sudoku: the first step after a guess lights its solve() line.
      const catalogue = await (await page.request.get(`${base}api/puzzles`)).json();
      const grid = catalogue.puzzles[1].parameters[0].default;
      const sudoku = await trace(page, `puzzle=sudoku&grid=${grid}&mode=first`);
      const guess = sudoku.events.findIndex((event, index) => event.event === 'place'
        && sudoku.events[index + 1] && sudoku.events[index + 1].depth === event.depth + 1) + 1;
      await open(page, base, `puzzle=sudoku&grid=${grid}&mode=first&step=${guess + 1}`, guess + 1);
      check(await page.locator('#code li[data-kind="explore"]').evaluate((node) => node.classList.contains('calling')),
        `Sudoku step ${guess + 1}, the first after the guess at ${guess}: solve() is lit as the call`);
  });
  await section('4. Sudoku code beside the board', async () => {
    // ---- 4. The code and the stack beside the board at 1366×768 ---------
      const catalogue = await (await page.request.get(`${base}api/puzzles`)).json();
      const grid = catalogue.puzzles[1].parameters[0].default;
      await page.setViewportSize(VIEWPORTS.laptop);
      await open(page, base, `puzzle=sudoku&grid=${grid}&mode=first&step=30`, 30);
      const board = await rect(page.locator('#board'));
      for (let line = 1; line <= 11; line += 1) {
        const box = await rect(page.locator(`#code li[data-line="${line}"]`));
        check(box.bottom <= 768 && box.top >= 0 && box.left >= board.right, `Sudoku at 1366×768: code line ${line} is beside the board, on screen`);
      }
      // ---- 8. The Sudoku pseudo-code does not wrap mid-comment ------------
      const heights = await page.locator('#code li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
      check(Math.max(...heights) < 1.5 * Math.min(...heights), `Sudoku at 1366: every code line on one line: ${heights}`);
      await page.screenshot({ path: path.join(artifacts, 'learner-1366x768-sudoku.png') });
      await page.setViewportSize(VIEWPORTS.desktop);
      await settle(page);
      await page.screenshot({ path: path.join(artifacts, 'learner-1920x1080-sudoku.png') });
      await page.setViewportSize(VIEWPORTS.phone);
      await settle(page);
      await page.screenshot({ path: path.join(artifacts, 'learner-390x844-sudoku.png'), fullPage: true });
  });
  await section('4. Queens code and stack beside the board', async () => {
    await page.setViewportSize(VIEWPORTS.laptop);
    for (const step of [9, 18, 22, 24]) {
      await open(page, base, `puzzle=queens&n=4&mode=all&step=${step}`, step);
      check(four.events[step - 1].event === 'backtrack', `N = 4 step ${step} is a backtrack`);
      const board = await rect(page.locator('#board'));
      const lit = await rect(page.locator('#code li.lit'));
      check(lit.bottom <= 768 && lit.left >= board.right, `1366×768, step ${step}: the lit line (return) is beside the board, on screen`);
      const stack = await rect(page.locator('#stack'));
      check(stack.top < 768 && stack.bottom <= 768 && stack.left >= board.right,
        `1366×768, step ${step}: the stack is beside the board, on screen: ${JSON.stringify(stack)}`);
    }

  });
  await section('5. First-solution mode: columns left untried because it stopped', async () => {
    await open(page, base, 'puzzle=queens&n=4&mode=first&step=34', 34);
    {
      const frames = await page.locator('#stack li').allTextContents();
      check(!frames[0].includes('no column after it') && frames[0].includes('2–3 never tried: the search stops at its first solution'),
        `first-solution mode, step 34: row 0's frame says why 2–3 are untried: ${frames[0]}`);
    }

  });
  await section('6. Jumps land in view; the solutions list keeps its size', async () => {
    for (const name of ['laptop', 'phone']) {
      await page.setViewportSize(VIEWPORTS[name]);
      await open(page, base, `puzzle=queens&n=8&mode=all&step=${eight.events.length}`, eight.events.length);
      check((await page.locator('.solution-thumb').count()) === 92, `${name}: 92 thumbnails at the end`);
      const thumb = page.locator('.solution-thumb[aria-label^="solution 75,"]');
      await thumb.scrollIntoViewIfNeeded();
      const before = await rect(thumb);
      // The click, timed inside the page: to the next frame after it.
      await thumb.hover();
      const took = await thumb.evaluate(async (node) => {
        const started = performance.now();
        node.click();
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return performance.now() - started;
      });
      await settle(page);
      const solutionStep = eight.events.findIndex((event) => event.event === 'solution' && event.index === 75) + 1;
      check((await stepText(page)) === `step ${solutionStep} of ${eight.events.length}`, `${name}: solution #75 goes to step ${solutionStep}`);
      const board = await rect(page.locator('#board'));
      const height = VIEWPORTS[name].height;
      check(board.top >= 0 && board.bottom <= height, `${name}: after the click the board is in view: ${JSON.stringify(board)}`);
      check((await page.locator('.solution-thumb').count()) === 92, `${name}: the list still holds all 92 (#76–#92 faint)`);
      check((await page.locator('.solution-thumb.ahead').count()) === 92 - 75, `${name}: the 17 solutions after #75 are marked as ahead`);
      await thumb.scrollIntoViewIfNeeded();
      const after = await rect(thumb);
      check(Math.abs(after.width - before.width) < 1 && Math.abs(after.height - before.height) < 1, `${name}: #75 keeps its size`);
      console.log(`learner: ${name}: solution click at N = 8: ${took.toFixed(0)} ms to the next frame (for information)`);
      // A click on a node of the tree lands in view too (on the phone the
      // tree is under the board).
      const node = page.locator('#tree-scroll .tree-node[data-node="1"]');
      await node.scrollIntoViewIfNeeded();
      await node.click();
      await settle(page);
      const landed = await rect(page.locator('#board'));
      check(landed.top >= 0 && landed.bottom <= height, `${name}: after a click in the tree the board is in view: ${JSON.stringify(landed)}`);
      await page.screenshot({ path: path.join(artifacts, `learner-${name}-solution-75.png`) });
    }

  });
  await section('7. A new N applies at once; the queens tools', async () => {
    await page.setViewportSize(VIEWPORTS.laptop);
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=0', 0);
    await page.selectOption('#param-n', '5');
    await page.waitForFunction((text) => document.getElementById('step-counter').textContent === text,
      `step 0 of ${five.events.length}`, { timeout: 5000 }).catch(() => {});
    check((await stepText(page)) === `step 0 of ${five.events.length}`, `choosing N = 5 runs its search at once: ${await stepText(page)}`);
    check(await page.locator('#clear-given').isHidden(), 'no "Clear the queens" without queens of your own');
    await page.click('#own-start');
    await page.click('#board .squares rect[data-row="0"][data-col="1"]');
    check(await page.locator('#clear-given').isVisible(), '"Clear the queens" once a queen is placed');
    const done = await rect(page.locator('#own-start'));
    check(done.top >= 0 && done.bottom <= 768 && (await page.locator('#own-start').textContent()).startsWith('Done placing'),
      `"Done placing" is on screen at 1366×768: ${JSON.stringify(done)}`);
    const given = await trace(page, 'puzzle=queens&n=5&given=0:1&mode=all');
    await page.click('#own-start');
    await page.waitForFunction((text) => document.getElementById('step-counter').textContent === text,
      `step 0 of ${given.events.length}`);
    const firstCompletion = given.events.findIndex((event) => event.event === 'solution') + 1;
    await scrubTo(page, firstCompletion);
    const caption = await page.locator('#event-text').textContent();
    check(caption.includes('Completion 1!') && !caption.includes('A completion'), `8. the completion is announced as "Completion 1!": ${caption}`);
    await page.click('#clear-given');
    check((await page.locator('#board').getAttribute('data-state')) === 'setup' && (await page.locator('#event-text').textContent()).includes('cleared'),
      `clearing the queens says so and goes back to placing them: ${await page.locator('#event-text').textContent()}`);
    check((await page.inputValue('#param-given')) === '', 'the queens are cleared');

  });
  await section('8. The small things', async () => {
    // No "row 4" on a 4×4 board.
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=34', 34);
    const detail = await page.locator('#tree-detail').textContent();
    check(!/row 4/.test(detail) && detail.includes('the last row'), `a node of the last row names no row 4: ${detail}`);
    // The aside on hatched squares, once.
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=0', 0);
    let asides = 0;
    for (let k = 1; k <= four.events.length; k += 1) {
      await page.keyboard.press('ArrowRight');
      if ((await page.locator('#event-text').textContent()).includes('It was hatched')) asides += 1;
    }
    check(asides === 1, `the "(It was hatched…)" aside is said once in the search, not at every conflict: ${asides}`);
    // An error banner starts with a capital.
    checks.refusalsExpected += 1;
    await page.goto('about:blank');
    await page.goto(`${base}#puzzle=queens&n=3&mode=all`);
    await page.locator('#message').waitFor({ state: 'visible' });
    const banner = await page.locator('#message').textContent();
    check(/^[A-Z]/.test(banner), `the error banner starts with a capital: ${banner}`);
  });
  await section('8. Keyboard', async () => {
    // The keyboard reaches the tree's nodes and stubs and the board's squares.
    await open(page, base, 'puzzle=queens&n=4&mode=all&step=0', 0);
    await chooseTree(page, 'whole');
    await page.focus('#tree-mode');
    await page.keyboard.press('Tab');
    check(await page.evaluate(() => document.activeElement.closest('#tree-scroll') !== null),
      'Tab from the tree\'s drawing choice goes into the tree');
    await page.locator('#tree-scroll .tree-node[data-step="30"]').focus();
    await page.keyboard.press('Enter');
    check((await stepText(page)) === `step 30 of ${four.events.length}`, 'Enter on a focused node goes to its step');
    const stub = page.locator('#tree-scroll .tree-stub').nth(3);
    const stubStep = await stub.getAttribute('data-step');
    await stub.focus();
    await page.keyboard.press('Enter');
    check((await stepText(page)) === `step ${stubStep} of ${four.events.length}`, 'Enter on a focused conflict stub goes to its step');
    await page.keyboard.press('Home');
    await page.locator('#board .squares rect[data-row="0"][data-col="2"]').focus();
    await page.keyboard.press('Enter');
    check((await page.inputValue('#param-given')) === '0:2', 'Enter on a focused square places a queen there');
    check(await page.evaluate(() => document.activeElement.matches('#board rect[data-row="0"][data-col="2"]')),
      'and the keyboard stays on that square');
    await page.keyboard.press(' ');
    check((await page.inputValue('#param-given')) === '', 'space on it takes the queen away');

  });
  await section('8. The phone', async () => {
    // The phone: labelled step buttons a thumb can hit, text that can be read.
    await page.setViewportSize(VIEWPORTS.phone);
    await open(page, base, 'puzzle=queens&n=8&mode=all&step=3000', 3000);
    const buttons = await page.locator('#player .buttons button').evaluateAll((nodes) => nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return { id: node.id, width: r.width, height: r.height, text: node.innerText.trim() };
    }));
    for (const button of buttons) {
      check(button.width >= 44 && button.height >= 44 && button.text.length >= 3,
        `phone: the ${button.id} button is ${button.width.toFixed(0)}×${button.height.toFixed(0)} px, labelled "${button.text}"`);
    }
    const font = await treeFont(page);
    check(font >= 11, `phone: the tree's text is ${font.toFixed(1)} px`);
    for (const selector of ['#event-text', '#code li', '#stack li', '.hint', '.tree-detail']) {
      const size = await page.locator(selector).first().evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
      check(size >= 12, `phone: ${selector} text is ${size} px`);
    }
    {
      const catalogue = await (await page.request.get(`${base}api/puzzles`)).json();
      const big = catalogue.puzzles[1].parameters[0].examples.find((example) => example.grid.length === 625);
      await open(page, base, `puzzle=sudoku&grid=${big.grid}&mode=${big.mode}&step=0`, 0);
      await page.click('#last-step');
      const digit = await page.locator('#board .digit').first().evaluate((node) =>
        parseFloat(node.parentNode.getAttribute('font-size')) * node.ownerSVGElement.getScreenCTM().a);
      check(digit >= 10, `phone: a 25×25 Sudoku digit is ${digit.toFixed(1)} px`);
    }

  });
  await section('8. Scrubber jumps at N = 8', async () => {
    // Jumps by scrubber at N = 8: 41 moves, the time each takes to its next
    // frame (for information).
    await page.setViewportSize(VIEWPORTS.laptop);
    await open(page, base, 'puzzle=queens&n=8&mode=all&step=0', 0);
    // Each jump timed twice: its own work (script, style and layout, forced
    // at once) and to the next frame (which adds the wait for it, up to
    // 16.7 ms at 60 Hz, and the paint).
    const [work, times] = await page.evaluate(async (total) => {
      const scrubber = document.getElementById('scrubber');
      const own = [];
      const took = [];
      for (let i = 0; i <= 40; i += 1) {
        const started = performance.now();
        scrubber.value = String(Math.round((i * total) / 40));
        scrubber.dispatchEvent(new Event('input', { bubbles: true }));
        void document.body.getBoundingClientRect().height;
        own.push(performance.now() - started);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        took.push(performance.now() - started);
      }
      return [own, took];
    }, eight.events.length);
    check((await stepText(page)) === `step ${eight.events.length} of ${eight.events.length}`, 'the 41 scrubber moves end at the last step');
    console.log(`learner: scrubber at N = 8, 41 jumps: own work median ${median(work).toFixed(1)} ms, max ${Math.max(...work).toFixed(1)} ms; ` +
      `to the next frame median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, ` +
      `total ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms (for information)`);

  });
  if (keepGoing) {
    console.log(`learner: ${failures.length} checks failed:\n${failures.join('\n')}`);
    process.exitCode = failures.length ? 1 : 0;
  }
  check(checks.problems.length === 0, `the page ran cleanly:\n${checks.problems.join('\n')}`);
  console.log(`learner: ${checks.count} checks passed; screenshots in ${artifacts}`);
} finally {
  await browser.close();
}
