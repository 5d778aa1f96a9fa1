// Scratch: screenshots for looking at the page while working on it.
import { chromium } from 'playwright-core';
const [base, hash, width, height, out, ...actions] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${base}#${hash}`);
await page.waitForFunction(() => /^step \d+ of [1-9]/.test(document.getElementById('step-counter').textContent), null, { timeout: 20000 }).catch(() => console.log('no trace'));
for (const action of actions) {
  const [kind, arg] = action.split('=');
  if (kind === 'click') await page.click(arg);
  if (kind === 'key') await page.keyboard.press(arg);
  if (kind === 'wait') await page.waitForTimeout(Number(arg));
  if (kind === 'eval') console.log(await page.evaluate(arg));
}
console.log('scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
