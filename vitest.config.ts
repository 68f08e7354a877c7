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
