import { defineConfig } from '@playwright/test'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5399)

// Debian's Chromium, never a downloaded browser; the flags keep it quiet on a closed network.
export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]

/** The specs the desktop project runs (see its project below). */
const DESKTOP_SPECS = [
  'desktop-screens.spec.ts',
  'shell.spec.ts',
  'landing.spec.ts',
  'public-pages.spec.ts',
  'ops-console.spec.ts',
  'not-found.spec.ts',
]

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright-results',
  // Generous, because CI machines are shared: a flow that takes 12 s alone took over 45 s on a
  // loaded one. A passing test never waits these out; they only bound a failing one.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A click on a button that never becomes enabled fails within this, not at the test's own
    // timeout: a long test (narrow-screens.spec.ts) would otherwise wait out its ten minutes.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    // The app follows the browser's languages (docs/i18n.md): the suites speak English unless
    // a test asks for another language.
    locale: 'en-US',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The app registers its service worker on every page; a test that is about the worker
    // allows it (landing.spec.ts). Everywhere else it would only add precaching traffic and
    // keep page.route() from seeing requests the worker handles.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    // Sabi is phone-first: every flow runs on the phone. At desktop width run the specs about how
    // pages lay out there (the header instead of the tab bar, the landing page, the public pages,
    // the desktop-first console) and a walk of every signed-in screen (desktop-screens.spec.ts).
    // Running every flow twice doubled the suite's time for checks the phone already makes.
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: DESKTOP_SPECS,
    },
  ],
  webServer: {
    command: 'tsx tests/e2e/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
