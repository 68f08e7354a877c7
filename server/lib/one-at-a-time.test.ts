import { describe, expect, it } from "vitest";
import { OneAtATime } from "./one-at-a-time.ts";

/** A task that runs until `finish` is called, recording when it starts. */
function heldTask(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    task: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("OneAtATime", () => {
  it("runs tasks one after the other, in the order they came", async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((name) => heldTask(log, name)) as [
      ReturnType<typeof heldTask>,
      ReturnType<typeof heldTask>,
      ReturnType<typeof heldTask>,
    ];
    const results = [turns.run(a.task), turns.run(b.task), turns.run(c.task)];
    await tick();
    expect(log).toEqual(["a starts"]);
    expect(turns.waiting).toBe(2);
    c.finish();
    b.finish();
    a.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
    expect(turns.waiting).toBe(0);
  });

  it("runs a task asked for with runFirst before the waiters that came without it, in its own order", async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const held = Object.fromEntries(["a", "b", "c", "d", "e"].map((name) => [name, heldTask(log, name)]));
    const { a, b, c, d, e } = held as Record<"a" | "b" | "c" | "d" | "e", ReturnType<typeof heldTask>>;
    const results = [turns.run(a.task), turns.run(b.task), turns.runFirst(d.task), turns.run(c.task)];
    results.push(turns.runFirst(e.task));
    await tick();
    expect(turns.waiting).toBe(4);
    for (const task of [a, b, c, d, e]) task.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "d", "c", "e"]);
    expect(log.filter((line) => line.endsWith("starts"))).toEqual([
      "a starts",
      "d starts",
      "e starts",
      "b starts",
      "c starts",
    ]);
  });

  it("passes the turn on when a task fails", async () => {
    const turns = new OneAtATime();
    const failing = turns.run(async () => {
      throw new Error("broken");
    });
    const next = turns.run(async () => "next");
    await expect(failing).rejects.toThrow("broken");
    expect(await next).toBe("next");
  });

  it("lets a waiter leave when its signal aborts, without running it", async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const a = heldTask(log, "a");
    const first = turns.run(a.task);
    const controller = new AbortController();
    let ran = false;
    const leaving = turns.run(async () => {
      ran = true;
    }, controller.signal);
    const after = turns.run(async () => "after");
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: "AbortError" });
    expect(turns.waiting).toBe(1);
    a.finish();
    await first;
    expect(await after).toBe("after");
    expect(ran).toBe(false);
    await expect(turns.run(async () => "late", AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });
});
