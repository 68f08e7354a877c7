// Browser tests drive Debian's Chromium (Playwright's own download cannot run here).
// Installs it with apt-get when missing and we are root; otherwise says what to do.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(
      `Chromium is missing at ${chromium}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Chromium from Debian for the browser tests…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
    stdio: "inherit",
  });
}
