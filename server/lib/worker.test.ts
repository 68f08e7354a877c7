import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runWorker, WorkerStopped, workerBeside } from "./worker.ts";

const file = workerBeside(new URL("../test/index.ts", import.meta.url).href, "test-worker");
const limits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 };
const run = (mode: string, deadlineMs = 10_000) =>
  runWorker<{ echo: unknown }>(file, { workerData: { mode, value: [1, "two"] }, deadlineMs, resourceLimits: limits });

describe("runWorker", () => {
  it("answers with the worker's first message", async () => {
    expect(await run("answer")).toEqual({ echo: [1, "two"] });
  });

  it.each([
    ["a worker past its deadline", "spin", "deadline"],
    ["a worker past its memory", "hog", "out_of_memory"],
    ["a worker that throws", "throw", "failed"],
    ["a worker that ends without answering", "silent", "exited"],
  ])("stops %s", async (_, mode, reason) => {
    const stopped = await run(mode, 3_000).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(WorkerStopped);
    expect((stopped as WorkerStopped).reason).toBe(reason);
  });

  it("stops the worker when the signal aborts, rejecting with the signal's reason", async () => {
    const controller = new AbortController();
    const running = runWorker(file, {
      workerData: { mode: "spin" },
      deadlineMs: 60_000,
      resourceLimits: limits,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("moves the buffers in transferList to the worker", async () => {
    const bytes = new Uint8Array([7, 8, 9]);
    const answer = await runWorker<{ echo: unknown }>(file, {
      workerData: { mode: "answer", value: bytes },
      transferList: [bytes.buffer],
      deadlineMs: 10_000,
      resourceLimits: limits,
    });
    expect(answer.echo).toEqual(new Uint8Array([7, 8, 9]));
    expect(bytes.byteLength).toBe(0);
  });

  it("runs a TypeScript entry from one bundle per process, shared by name of its content", async () => {
    await run("answer");
    const cached = fs.readdirSync(path.join("node_modules", ".cache", "gemwire-workers"));
    expect(cached.filter((name) => /^test-worker-[0-9a-f]{16}\.mjs$/.test(name)).length).toBeGreaterThan(0);
  });
});
