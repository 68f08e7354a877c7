/**
 * What a hardening test tried, recorded on the test itself (Vitest's task meta) so the
 * summary reporter can add it up across workers: hostile inputs by class, faults
 * injected, acknowledged writes looked for afterwards and how many were missing, and how
 * many times the GEMS bank invariant was checked.
 */
import type { TaskMeta } from "vitest";

/** The classes of hostile input the summary counts, one per threat family. */
export const HOSTILE_CLASSES = {
  xss: "markup and script (T1, T2)",
  ssrf: "private and disguised addresses (T3)",
  redirect: "redirects to those addresses (T4)",
  dns: "DNS answers that change (T5)",
  xml: "XML entity bombs and external entities (T6)",
  body: "bombs, endless and dripping bodies (T7)",
  "open-redirect": "sign-in return addresses to other hosts (T8)",
  upload: "hostile uploads (T9)",
  "brute-force": "password guesses (T10)",
  session: "session and cross-site requests (T11)",
  password: "weak passwords and stored hashes (T12)",
  "double-spend": "concurrent and replayed stakes and resolutions (T13)",
  access: "requests without a session in members mode (T14)",
} as const;

export type HostileClass = keyof typeof HOSTILE_CLASSES;

export type HardeningTally = {
  inputs: Partial<Record<HostileClass, number>>;
  faults: number;
  /** Acknowledged writes (2xx answers) looked for in the database after a fault. */
  checked: number;
  /** Of those, how many were missing (a passing test always has 0; the count is printed). */
  lost: number;
  /** Times the GEMS bank invariant was checked for every member. */
  bank: number;
};

declare module "vitest" {
  interface TaskMeta {
    hardening?: HardeningTally;
  }
}

/** The part of Vitest's test context these helpers need: `it("…", async ({ task }) => …)`. */
export type Recorder = { meta: TaskMeta };

function tallyOf(task: Recorder): HardeningTally {
  task.meta.hardening ??= { inputs: {}, faults: 0, checked: 0, lost: 0, bank: 0 };
  return task.meta.hardening;
}

/** Counts `count` hostile inputs of `kind` as tried by this test. */
export function tried(task: Recorder, kind: HostileClass, count = 1): void {
  const tally = tallyOf(task);
  tally.inputs[kind] = (tally.inputs[kind] ?? 0) + count;
}

/** Counts `count` faults injected by this test (a source failing, a process killed, …). */
export function injected(task: Recorder, count = 1): void {
  tallyOf(task).faults += count;
}

/** Counts acknowledged writes looked for after a fault, and how many were missing. */
export function accounted(task: Recorder, checked: number, missing: number): void {
  const tally = tallyOf(task);
  tally.checked += checked;
  tally.lost += missing;
}

/** Counts one check of the GEMS bank invariant. */
export function bankChecked(task: Recorder): void {
  tallyOf(task).bank += 1;
}
