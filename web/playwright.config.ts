// End-to-end journeys in Debian's Chromium (no browser download), against the app `npm test` serves on the local
// stack. Run alone with `npx playwright test -c web` while `npm start` is running.
import { defineConfig, devices } from '@playwright/test'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // A focused test would silently drop every other journey, locally as in CI.
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  outputDir: '../.local-stack/e2e-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5173',
    // A failed journey keeps a screenshot of its end. Its trace (each action's DOM snapshot, network, console) is
    // recorded only with E2E_TRACE=1 (or `--trace retain-on-failure`): recording it for every journey, passed or not,
    // made them about a fifth slower on a 2-core machine (75 journeys: 185 s against 152 s without). The trace's
    // screencast stays out even then: encoding a frame per paint cost more CPU than the journeys themselves.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Without these Chromium reaches for Google's services at start, which a closed network refuses.
      args: [
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    },
  },
  projects: [
    // Tests tagged @mobile or @desktop run at that width only; the rest run at both.
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 } },
    },
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
})
