import fs from "node:fs";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { endedPid, runningProcess } from "../../test/processes.ts";
import { holderOf, isHolderGone, processHolder } from "./holder.ts";

describe("job holders", () => {
  it("names this process by machine, PID namespace, pid and a tag of its own", () => {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    expect(processHolder).toMatch(new RegExp(`^${hostname()}/${boot}/\\d+:${process.pid}:[0-9a-f]{8}$`));
    expect(Number(processHolder.split(":").at(-2))).toBe(process.pid);
  });

  it("calls a process of this machine gone once it has ended, never while it runs", async () => {
    const live = runningProcess();
    try {
      expect(isHolderGone(holderOf(live.pid))).toBe(false);
      expect(isHolderGone(holderOf(await endedPid()))).toBe(true);
      expect(isHolderGone(processHolder)).toBe(false);
      // An earlier process that had this very pid (another tag) is gone.
      expect(isHolderGone(holderOf(process.pid, "00000000"))).toBe(true);
    } finally {
      live.stop();
    }
  });

  it("never calls a holder of another machine or PID namespace, or a name it cannot read, gone", async () => {
    const pid = await endedPid();
    const [where] = processHolder.split(":");
    const [, boot, namespace] = where?.split("/") ?? [];
    expect(isHolderGone(`another-host/${boot}/${namespace}:${pid}:cafe0001`)).toBe(false);
    expect(isHolderGone(`${hostname()}/${boot}/1:${pid}:cafe0001`)).toBe(false);
    // Another machine of the same name, in a PID namespace of the same number (the initial
    // one's is the same on every Linux): its boot id differs, so its live pid is not ours to check.
    expect(isHolderGone(`${hostname()}/00000000-0000-4000-8000-000000000000/${namespace}:${pid}:cafe0001`)).toBe(false);
    expect(isHolderGone(`${hostname()}/${namespace}:${pid}:cafe0001`)).toBe(false);
    expect(isHolderGone(`${hostname()}:${pid}:cafe0001`)).toBe(false);
    for (const name of [
      "process-a",
      "job",
      "",
      `${where}:abc:tag`,
      `${where}:-1:tag`,
      `${where}:${pid}`,
      `${where}:${pid}:t:x`,
    ]) {
      expect(isHolderGone(name), name).toBe(false);
    }
  });
});
