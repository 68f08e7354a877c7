/**
 * The hardening suite's closing summary: how many hostile inputs of each class were
 * tried, how many faults were injected, how many acknowledged writes were looked for
 * afterwards and how many were lost, and how often the GEMS bank invariant held, and which
 * tests did not run here (skipped: each names what it needs). Printed after Vitest's own
 * report and written to reports/hardening-summary.json. Skipped tests do not fail the run (a
 * CI machine may lack the right to mount): they are only said plainly.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";
import { FULL } from "./scale.ts";
import { type HardeningTally, HOSTILE_CLASSES, type HostileClass } from "./tally.ts";

const total = (): HardeningTally => ({ inputs: {}, faults: 0, checked: 0, lost: 0, bank: 0 });

export default class HardeningSummary implements Reporter {
  private sum = total();
  private passed = 0;
  private failed = 0;
  private notRun: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state;
    if (state === "passed") this.passed += 1;
    if (state === "failed") this.failed += 1;
    if (state === "skipped") this.notRun.push(testCase.fullName);
    const tally = testCase.meta().hardening;
    if (!tally) return;
    for (const [kind, count] of Object.entries(tally.inputs) as Array<[HostileClass, number]>) {
      this.sum.inputs[kind] = (this.sum.inputs[kind] ?? 0) + count;
    }
    this.sum.faults += tally.faults;
    this.sum.checked += tally.checked;
    this.sum.lost += tally.lost;
    this.sum.bank += tally.bank;
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    const { sum } = this;
    const number = (n: number) => n.toLocaleString("en-US");
    const line = (label: string, value: string) => `  ${label.padEnd(52, " ")}${value.padStart(8, " ")}`;
    const inputs = (Object.keys(HOSTILE_CLASSES) as HostileClass[]).map(
      (kind) => [kind, sum.inputs[kind] ?? 0] as const,
    );
    const hostile = inputs.reduce((acc, [, count]) => acc + count, 0);
    const lines = [
      "",
      `Hardening summary (${FULL ? "full size: npm run test:hardening" : "quick size, as in npm test"})`,
      "Hostile inputs tried",
      ...inputs.map(([kind, count]) => line(HOSTILE_CLASSES[kind], number(count))),
      line("all classes", number(hostile)),
      "Faults",
      line("faults injected", number(sum.faults)),
      line("acknowledged writes looked for afterwards", number(sum.checked)),
      line("acknowledged writes lost", number(sum.lost)),
      line("GEMS bank invariant checks (every member)", number(sum.bank)),
      this.failed === 0 && sum.lost === 0
        ? `Nothing lost: every acknowledged write was found and the bank invariant held in each of ${number(sum.bank)} checks (${number(this.passed)} tests passed${this.notRun.length > 0 ? `; ${number(this.notRun.length)} not run here, below` : ""}).`
        : `NOT HELD: ${number(this.failed)} test(s) failed, ${number(sum.lost)} acknowledged write(s) missing.`,
      ...(this.notRun.length > 0
        ? [`Not run here (each says why): ${number(this.notRun.length)} — ${this.notRun.join("; ")}`]
        : []),
      "",
    ];
    console.log(lines.join("\n"));
    const reports = path.resolve(import.meta.dirname, "..", "reports");
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(
      path.join(reports, "hardening-summary.json"),
      `${JSON.stringify(
        {
          full: FULL,
          passed: this.passed,
          failed: this.failed,
          skipped: this.notRun.length,
          notRun: this.notRun,
          ...sum,
          hostile,
        },
        null,
        2,
      )}\n`,
    );
  }
}
