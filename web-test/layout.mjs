// The layout part of the browser test (called from test.mjs): what must be
// on screen at 1366×768 for Queens and Sudoku, the contrast of the marks on
// the board, and nothing scrolling sideways at 390×844. It leaves the page
// at 1280×1000, the size the other parts run at.

import path from 'node:path';

export async function layoutChecks({ page, context, base, check, artifacts }) {
  // ---- Layout: 1366×768 and 390×844 ------------------------------------
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('about:blank');
  await page.goto(`${base}#puzzle=queens&n=8&mode=all&step=3000`);
  await page.waitForFunction(() => document.getElementById('step-counter').textContent === 'step 3000 of 19833');
  for (const selector of ['#play', '#next', '#scrubber', '#board', '#event-text', '#tree-scroll']) {
    const box = await page.locator(selector).boundingBox();
    check(box && box.y >= 0 && box.y + box.height <= 768 && box.x >= 0 && box.x + box.width <= 1366,
      `at 1366×768, ${selector} is on screen: ${JSON.stringify(box)}`);
  }
  check((await page.locator('#tree-scroll .tree-node').count()) <= 400, 'N = 8\'s whole tree is drawn in part');
  check((await page.locator('#tree-detail').textContent()).startsWith('This node: step 2997: a queen at row 5, column 5'),
    `under the tree, the current node in words: ${await page.locator('#tree-detail').textContent()}`);
  await page.screenshot({ path: path.join(artifacts, 'layout-1366x768.png') });

  // The same for Sudoku, whose form is taller.
  {
    const sudokuGrid = (await (await page.request.get(`${base}api/puzzles`)).json()).puzzles[1].parameters[0].default;
    const sudokuPage = await context.newPage();
    await sudokuPage.setViewportSize({ width: 1366, height: 768 });
    await sudokuPage.goto(`${base}#puzzle=sudoku&grid=${sudokuGrid}&mode=first&step=27`);
    await sudokuPage.waitForFunction(() => /^step 27 of/.test(document.getElementById('step-counter').textContent));
    for (const selector of ['#play', '#board', '#event-text']) {
      const box = await sudokuPage.locator(selector).boundingBox();
      check(box && box.y >= 0 && box.y + box.height <= 768, `Sudoku at 1366×768: ${selector} is on screen: ${JSON.stringify(box)}`);
    }
    const detail = await sudokuPage.locator('#tree-detail').textContent();
    check(/^This node: step 27: guess 6 at r5c9; forced: none/.test(detail), `the guess's node in words: ${detail}`);
    await sudokuPage.click('#tree-scroll .tree-node[data-node="0"]');
    const forcedDetail = await sudokuPage.locator('#tree-detail').textContent();
    check(/forced: \d at r\dc\d, /.test(forcedDetail), `the start's node lists the digits the givens force: ${forcedDetail}`);
    await sudokuPage.screenshot({ path: path.join(artifacts, 'layout-1366x768-sudoku.png') });
    await sudokuPage.close();
  }

  // Contrast: the marks on the board against both squares.
  const colours = await page.evaluate(() => {
    const fill = (selector, property = 'fill') => getComputedStyle(document.querySelector(selector))[property];
    return {
      light: fill('#board .squares .light'), dark: fill('#board .squares .dark'),
      queen: fill('#board .queen path'), hatch: fill('#board .hatch', 'stroke'),
      clash: fill('#board .conflict-line', 'stroke'), tried: fill('#board .tried-mark', 'stroke'),
    };
  });
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  for (const mark of ['queen', 'hatch', 'clash', 'tried']) {
    for (const square of ['light', 'dark']) {
      const ratio = contrast(colours[mark], colours[square]);
      check(ratio >= 3, `the ${mark} mark on a ${square} square has a contrast of ${ratio.toFixed(2)}:1`);
    }
  }
  await page.click('#next-solution');
  const solvedQueen = await page.evaluate(() => getComputedStyle(document.querySelector('#board.solved .queen path')).fill);
  check(contrast(solvedQueen, colours.dark) >= 3, 'a solved queen stands out on a dark square');

  await page.setViewportSize({ width: 390, height: 844 });
  for (const address of ['puzzle=queens&n=8&mode=all&step=3000', `puzzle=sudoku&grid=${encodeURIComponent((await (await page.request.get(`${base}api/puzzles`)).json()).puzzles[1].parameters[0].default)}&mode=first&step=20`]) {
    await page.goto('about:blank');
    await page.goto(`${base}#${address}`);
    await page.waitForFunction(() => /^step 3000 of|^step 20 of/.test(document.getElementById('step-counter').textContent));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `at 390 px nothing scrolls sideways (${address.slice(0, 20)}…): ${width}`);
    await page.screenshot({ path: path.join(artifacts, `layout-390-${address.slice(7, 13)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 1000 });
}
