/**
 * Playwright journeys in Debian's Chromium (docs/design.md §2: never a downloaded browser).
 *
 * The suite drives the built site: run `npm run build` first, then `npm run test:e2e`. The web server is started
 * here on its own port with a fresh data folder, so every run gets a newly generated demo world and never touches
 * a developer's `data/` (nor a server already running on the usual port).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3198);
const BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_FORUM_URL = 'https://forum.e2e.example/anglerdex';
/** Not the default 30, so the bait guide's journey proves the server's setting reaches the page (decision 0034). */
export const E2E_SHARE_MIN_SAMPLE = 25;

// Playwright loads this file in the runner and again in every worker; only the runner starts the web server, so
// the folder is made once and handed on through the environment rather than made again in each worker.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'anglerdex-e2e-')));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous waits: CI is a 2-core machine running two Chromium workers and the server at once, where the first
  // render of the 150-card fish list beside an axe scan in the other worker was seen to take over 7 s. A wait only
  // lasts this long when something is wrong, so a passing run is no slower.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A Chinese browser, so that a page without a locale cookie resolves to the default language on its own merit.
    locale: 'zh-CN',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node dist/server/server.js',
    url: `${BASE_URL}/health`,
    reuseExistingServer: false,
    // First start generates the demo world (docs/design.md §2: ≤ 30 s); leave room for a slow CI machine.
    timeout: 90_000,
    // A smaller demo world: the journeys need every catalogue item but not 300,000 catches.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      DEMO_CATCHES: '20000',
      // Not the client's built-in fallback, so the journeys prove the server's setting reaches the page.
      FORUM_URL: E2E_FORUM_URL,
      SHARE_MIN_SAMPLE: String(E2E_SHARE_MIN_SAMPLE),
      // The journeys register loggers from one address and read their catches in the default views at once: no
      // probation, and room for every journey's registrations (decision 0039; its own tests keep the defaults).
      LOGGER_PROBATION_HOURS: '0',
      LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
