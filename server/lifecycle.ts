import type { FastifyInstance } from "fastify";

export type ShutdownOptions = {
  /** How long in-flight requests may take before the process gives up on them. */
  graceMs?: number;
  exit?: (code: number) => void;
};

/**
 * Returns a shutdown routine: stop accepting connections, let in-flight requests finish,
 * close the database (an onClose hook), then exit. A second signal, or a close that
 * outlasts the grace period, exits at once.
 */
export function createShutdown(app: FastifyInstance, { graceMs = 10_000, exit = process.exit }: ShutdownOptions = {}) {
  let closing = false;
  return async function shutdown(signal: string): Promise<void> {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting now");
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, "shutdown took too long: exiting");
      exit(1);
    }, graceMs);
    timer.unref();
    try {
      await app.close();
      app.log.info("shut down cleanly");
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      exit(1);
    } finally {
      clearTimeout(timer);
    }
  };
}
