import { type ChildProcess, spawn } from "node:child_process";

/** The pid of a process that ran on this machine and has ended (and been reaped). */
export async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

/** A process that runs until `stop()`: a live pid on this machine that is not this process. */
export function runningProcess(): { pid: number; child: ChildProcess; stop(): void } {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], { stdio: "ignore" });
  return { pid: child.pid as number, child, stop: () => child.kill("SIGKILL") };
}
