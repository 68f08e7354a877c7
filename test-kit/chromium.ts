/** Debian's Chromium for the benchmarks, the hardening suite's pages and the journeys' checks. */
import { type Browser, chromium } from "@playwright/test";

/** Debian's Chromium: Playwright's own browser download is not available everywhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's Chromium headless shell: the same engine, starting and rendering about twice as
 * fast, for checks that measure nothing (the hardening suite's pages).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
export async function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true });
}
