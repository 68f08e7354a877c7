import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts"],
          // Each file gets its own database; PostgreSQL files create databases on one server.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // `npm run test:bench`, after the build: every benchmark end to end at a tiny size.
        test: {
          name: "bench",
          environment: "node",
          include: ["bench/**/*.test.ts"],
          // One benchmark at a time: each starts servers and load of its own, and two at
          // once on two cores starve each other's timed steps (a job's run after a kill).
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `npm run test:hardening` (and its quick size in `npm test`, after the build): one
        // regression test per threat, many files at once.
        test: {
          name: "hardening-threats",
          environment: "node",
          include: ["hardening/threats/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The fault tests kill and restart servers and databases on a clock: one file at a time.
        test: {
          name: "hardening-faults",
          environment: "node",
          include: ["hardening/faults/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["web/**/*.test.{ts,tsx}"],
          setupFiles: ["web/test/setup.ts"],
        },
      },
    ],
  },
});
