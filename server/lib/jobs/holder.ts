/**
 * Who holds a job's lease or runs a period: one name per process, `<machine>:<pid>:<tag>`,
 * where the machine is the host name and, on Linux, the kernel's boot id and the PID
 * namespace the pid means something in. A process killed (kill -9, out of memory, power cut of a container) leaves
 * its leases behind until they expire — up to 5 minutes for a feed. Restarted on the same
 * machine, it need not wait: a holder of this machine whose process is gone is taken over
 * at once (docs/decisions/033). Holders elsewhere, or whose process cannot be checked,
 * are waited out as before.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { hostname } from "node:os";

/**
 * The host name, this boot of the kernel and the PID namespace
 * (`host/bc73b46b-…/4026531836`); just the host name where they cannot be read. The boot
 * id tells apart two machines that share a host name (cloned VMs, containers with a fixed
 * `hostname:`), whose PID namespaces can carry the same number (the initial one always
 * does): a pid means something only on the same boot and in the same namespace.
 */
function machine(): string {
  try {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const namespace = /\[(\d+)\]/.exec(fs.readlinkSync("/proc/self/ns/pid"))?.[1];
    if (namespace && /^[0-9a-f-]{36}$/.test(boot)) return `${hostname()}/${boot}/${namespace}`;
  } catch {
    // Not Linux: pids cannot be told apart from another machine's, so none is ever judged gone.
  }
  return hostname();
}

const here = machine();

/** The holder name of process `pid` on this machine. */
export const holderOf = (pid: number, tag: string = randomUUID().slice(0, 8)) => `${here}:${pid}:${tag}`;

/** This process's holder name, the same for all its jobs. */
export const processHolder = holderOf(process.pid);

/**
 * Whether `holder` names a process of this machine (same host, boot and PID namespace) that no
 * longer runs. Any other name — another machine, a test's "process-a", a live process —
 * is not gone: its lease runs out in its own time.
 */
export function isHolderGone(holder: string): boolean {
  const [where, pidText, tag, ...rest] = holder.split(":");
  if (rest.length > 0 || !tag || where !== here || !where.includes("/")) return false;
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  // This very pid under another name: an earlier process that had our pid, gone since.
  if (pid === process.pid) return holder !== processHolder;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
