// What the browser tests share: headless Chromium with a fresh profile, a
// page that records anything that goes wrong on it, and `check`, which
// counts the checks and stops at the first that fails.
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

export function baseUrl() {
  const base = process.argv[2];
  if (!base || !/^http:\/\/[^/]+\/$/.test(base)) {
    console.error(`usage: node ${path.basename(process.argv[1])} http://HOST:PORT/`);
    process.exit(2);
  }
  return base;
}

export async function artifactsDir() {
  const artifacts = process.env.ARTIFACTS || path.join(here, 'artifacts');
  await mkdir(artifacts, { recursive: true });
  return artifacts;
}

// `viewport` is the page's size until a test changes it.
export async function launch({ viewport = { width: 1366, height: 768 } } = {}) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'puzzles-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport,
    deviceScaleFactor: 1,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export class Checks {
  constructor() {
    this.count = 0;
    this.problems = [];
    // A refusal asked for on purpose shows up once as a console error.
    this.refusalsExpected = 0;
  }

  check(condition, message) {
    this.count += 1;
    assert.ok(condition, message);
  }

  // Records what goes wrong on `page`: another origin, a failed request, a
  // console error, an uncaught exception.
  watch(page, base) {
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) this.problems.push(`request to another origin: ${request.url()}`);
    });
    page.on('requestfailed', (request) => {
      // A trace asked for before a newer one is dropped by the page itself.
      const superseded = request.url().includes('/api/trace?') &&
        (request.failure()?.errorText || '').includes('ERR_ABORTED');
      if (!superseded) this.problems.push(`request failed: ${request.url()}`);
    });
    page.on('console', (message) => {
      if (this.refusalsExpected && /status of [45]\d\d /.test(message.text())) {
        this.refusalsExpected -= 1;
        return;
      }
      if (message.type() === 'error') this.problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
  }
}

// Opens `base#hash` and waits until the page shows step `step` (or any
// step when `step` is undefined) of a trace.
export async function open(page, base, hash, step) {
  await page.goto('about:blank');
  await page.goto(`${base}#${hash}`);
  await page.waitForFunction((wanted) => {
    const text = document.getElementById('step-counter').textContent;
    // "step 0 of 0" is the page between two searches.
    return /^step \d+ of [1-9]/.test(text) && (wanted === null || text.startsWith(`step ${wanted} of `));
  }, step ?? null, { timeout: 30_000 });
  await settle(page);
}

// Two animation frames: the tree scrolls in the frame after a step.
export const settle = (page) => page.evaluate(() => new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(resolve));
}));

export const stepText = async (page) => (await page.locator('#step-counter').textContent()).trim();

export async function scrubTo(page, step) {
  await page.locator('#scrubber').evaluate((node, value) => {
    node.value = String(value);
    node.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  await settle(page);
}
