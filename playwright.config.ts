import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's Chromium headless shell: the headless-only build Playwright itself uses for
 * headless runs. It starts and renders at about twice the speed of the full browser in
 * headless mode, which on a 2-core machine keeps the journeys well inside their time.
 * scripts/ensure-chromium.mjs installs it; CHROMIUM_PATH picks another build.
 */
const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  // Most journeys take 2–10 s; a loaded 2-core machine can take twice that and more, and a
  // journey that signs in, joins and round-trips files needs the room.
  timeout: 60_000,
  // The dashboard renders a few hundred cards; with two browsers and the server sharing two
  // cores its first paint can take longer than Playwright's default 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Every journey starts as a returning visitor who has seen the welcome tour, which would
    // otherwise open on each first visit; e2e/tour.spec.ts starts without it. Contexts the
    // journeys make themselves get this too, unless they bring their own storage state.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: "hasSeenTutorial", value: "true" }] }],
    },
    // A failed journey keeps its trace of actions, console and network. DOM snapshots and
    // screenshots in every journey's trace cost a third of the suite's time on two cores;
    // the failure's page snapshot (error-context.md) still shows what the page held.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false, sources: false },
    // The price marquee on every page would otherwise repaint all the time, slowing every
    // journey on a small machine; e2e/price-marquee.spec.ts watches it move.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: browserPath,
      // Root in a container needs --no-sandbox; the rest keeps Chromium off the closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /admin-content\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // The admin's events and posts change what every visitor's home shows (stored events
    // replace the labelled samples other journeys check), so these journeys run last.
    {
      name: "admin-content",
      testMatch: /admin-content\.spec\.ts/,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Test devices name their own address (e2e/members.ts), as clients behind a proxy do.
      TRUST_PROXY: "127.0.0.1",
      CONTACT_EMAIL: "members@gemwire.test",
      ADMIN_PASSWORD: "e2e admin password 42",
      SOCIAL_X_URL: "https://x.com/gemwire",
      SOCIAL_TELEGRAM_URL: "https://t.me/gemwire",
    },
  },
});
