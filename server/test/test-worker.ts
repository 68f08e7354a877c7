// A worker thread's entry for server/lib/worker.test.ts: answers, hangs, hogs memory or fails, as asked.
import { parentPort, workerData } from "node:worker_threads";

const { mode, value } = workerData as { mode: "answer" | "spin" | "hog" | "throw" | "silent"; value?: unknown };
if (mode === "answer") parentPort?.postMessage({ echo: value });
if (mode === "spin") for (;;);
if (mode === "hog") {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(kept.length));
}
if (mode === "throw") throw new Error("boom");
