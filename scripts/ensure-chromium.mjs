// Browser tests drive Debian's Chromium (Playwright's own download cannot run here): the
// journeys and the hardening suite's page checks its headless shell (playwright.config.ts,
// hardening/threats/xss-browser.test.ts), the web benchmark the full browser
// (test-kit/chromium.ts). Installs what is missing with apt-get when we are root; otherwise
// says what to do. CHROMIUM_PATH names one build for all.
import { execSync } from "node:child_process";
import fs from "node:fs";

/** Debian package → the executable it installs. */
const BROWSERS = { "chromium-headless-shell": "/usr/bin/chromium-headless-shell", chromium: "/usr/bin/chromium" };

const chosen = process.env.CHROMIUM_PATH;
if (chosen) {
  if (!fs.existsSync(chosen)) {
    console.error(`CHROMIUM_PATH names ${chosen}, which does not exist.`);
    process.exit(1);
  }
} else {
  const missing = Object.entries(BROWSERS)
    .filter(([, executable]) => !fs.existsSync(executable))
    .map(([name]) => name);
  if (missing.length > 0) {
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
      console.error(
        `Chromium is missing (${missing.join(", ")}). Install it (Debian: sudo apt-get install -y ${missing.join(" ")}) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
    console.log(`Installing ${missing.join(" and ")} from Debian for the browser tests…`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")} >/dev/null`,
      { stdio: "inherit" },
    );
  }
}
