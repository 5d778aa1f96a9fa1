// A screenshot of one address at one viewport, for looking at the page by
// hand: node shot.mjs BASE_URL 'HASH' WIDTHxHEIGHT OUT.png [full]
import { chromium } from 'playwright-core';

const [base, hash, size, out, full] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width, height } });
page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
page.on('console', (message) => { if (message.type() === 'error') console.error(message.text()); });
await page.goto(`${base}#${hash}`);
await page.waitForFunction(() => /^step \d+ of [1-9]/.test(document.getElementById('step-counter').textContent));
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
