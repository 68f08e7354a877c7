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
    ["a worker that ends without answering", "silent", "failed"],
  ])("stops %s", async (_, mode, reason) => {
    const stopped = await run(mode, 3_000).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(WorkerStopped);
    expect((stopped as WorkerStopped).reason).toBe(reason);
  });
});
