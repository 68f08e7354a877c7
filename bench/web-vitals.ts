/**
 * Core Web Vitals of pages of the built app, measured in Chromium through the browser's
 * own Performance API: largest contentful paint, cumulative layout shift and total
 * blocking time, each the median of cold loads (a fresh browser context per load: empty
 * cache, no cookies, no stored state).
 */
import type { Browser } from "@playwright/test";

/** Playwright's default desktop viewport, named so the figures say what they were taken at. */
export const VIEWPORT = { width: 1280, height: 720 };

/** A page is quiet when no long task ran and the network was idle for this long. */
const QUIET_MS = 2_000;
/** A load that never quiets down (polling, a stream) is read this long after it started. */
const LOAD_CAP_MS = 20_000;
/** A task longer than this blocks input; TBT adds up what each went over. */
const BLOCKING_MS = 50;

export type Vitals = { lcpMs: number; cls: number; tbtMs: number; fcpMs: number };

/**
 * Runs in the page before any of its scripts: records paints, shifts and long tasks as
 * the observers report them, buffered ones included. A string, not a function: tsx
 * rewrites functions with helpers that do not exist in the page.
 */
const OBSERVE_VITALS = `
  const record = { lcp: 0, fcp: 0, shifts: [], longTasks: [] };
  window.__vitals = record;
  const observe = (type, each) =>
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
  observe("largest-contentful-paint", (entry) => { record.lcp = entry.startTime; });
  observe("paint", (entry) => { if (entry.name === "first-contentful-paint") record.fcp = entry.startTime; });
  // Shifts right after the reader's own input are expected ones, not counted.
  observe("layout-shift", (entry) => {
    if (!entry.hadRecentInput) record.shifts.push({ at: entry.startTime, value: entry.value });
  });
  observe("longtask", (entry) => { record.longTasks.push({ start: entry.startTime, duration: entry.duration }); });
`;

type Recorded = {
  lcp: number;
  fcp: number;
  shifts: Array<{ at: number; value: number }>;
  longTasks: Array<{ start: number; duration: number }>;
};

/**
 * CLS as the browsers define it: the largest session window of shifts (each less than
 * 1 s after the previous, the window at most 5 s long).
 */
export function cumulativeLayoutShift(shifts: Array<{ at: number; value: number }>): number {
  let largest = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - previous >= 1_000 || shift.at - windowStart >= 5_000) {
      windowStart = shift.at;
      sum = 0;
    }
    sum += shift.value;
    previous = shift.at;
    largest = Math.max(largest, sum);
  }
  return largest;
}

/** TBT: what each long task after the first contentful paint ran over 50 ms, added up. */
export function totalBlockingTime(longTasks: Array<{ start: number; duration: number }>, fcp: number): number {
  let total = 0;
  for (const task of longTasks) {
    const end = task.start + task.duration;
    if (end <= fcp) continue;
    // A task that straddles FCP blocks only for its part after it.
    const after = end - Math.max(task.start, fcp);
    total += Math.max(0, after - BLOCKING_MS);
  }
  return total;
}

/** One cold load of `url`, read once the page has been quiet (network and main thread) for 2 s. */
export async function measureLoad(browser: Browser, url: string): Promise<Vitals> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(OBSERVE_VITALS);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle", { timeout: LOAD_CAP_MS }).catch(() => {});
    let quietSince = Date.now();
    let seenTasks = 0;
    let recorded: Recorded;
    for (;;) {
      recorded = (await page.evaluate("window.__vitals")) as Recorded;
      if (recorded.longTasks.length !== seenTasks) {
        seenTasks = recorded.longTasks.length;
        quietSince = Date.now();
      }
      if (Date.now() - quietSince >= QUIET_MS || Date.now() - started >= LOAD_CAP_MS) break;
      await page.waitForTimeout(250);
    }
    if (recorded.fcp === 0) throw new Error(`${url} painted nothing`);
    return {
      lcpMs: recorded.lcp,
      fcpMs: recorded.fcp,
      cls: cumulativeLayoutShift(recorded.shifts),
      tbtMs: totalBlockingTime(recorded.longTasks, recorded.fcp),
    };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of each figure over `loads` cold loads of `url`. */
export async function measurePage(browser: Browser, url: string, loads: number): Promise<Vitals> {
  const runs: Vitals[] = [];
  for (let i = 0; i < loads; i++) runs.push(await measureLoad(browser, url));
  return {
    lcpMs: median(runs.map((run) => run.lcpMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    cls: median(runs.map((run) => run.cls)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
  };
}
