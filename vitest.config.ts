import fs from "node:fs";
import os from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * The unit and API tests share each worker's module registry (`isolate: false`): loading the
 * server's or the web app's modules once per worker instead of once per file cuts the suite's
 * time by more than half. A file that replaces a module (`vi.mock`) needs a registry of its
 * own, so those files run in the `*-isolated` projects, found by reading the files.
 */
function filesThatMockModules(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file}`)
      .filter((file) => /\bvi\.(?:do)?mock\(/.test(fs.readFileSync(file, "utf8"))),
  );
}

const serverTests = ["server/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts"];
const serverMocking = filesThatMockModules(["server", "contracts", "scripts"]);
const serverOptions = {
  environment: "node" as const,
  // Each file gets its own database; PostgreSQL files create databases on one server. Three
  // workers share two cores, so a test that is quick alone may wait its turn for a while.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};
const webTests = ["web/**/*.test.{ts,tsx}"];
const webMocking = filesThatMockModules(["web"]);
const webOptions = { environment: "happy-dom" as const, setupFiles: ["web/test/setup.ts"] };

export default defineConfig({
  test: {
    // Most tests wait on a database, a socket or a timer as much as they compute: one worker
    // more than the cores keeps both cores of a small machine busy.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        test: { name: "server", include: serverTests, exclude: serverMocking, isolate: false, ...serverOptions },
      },
      {
        test: { name: "server-isolated", include: serverMocking, ...serverOptions },
      },
      {
        // `npm run test:bench`, after the build: every benchmark end to end at a tiny size. At
        // that size only the cluster's checks are judged, so the others run side by side.
        test: {
          name: "bench",
          environment: "node",
          include: ["bench/**/*.test.ts"],
          exclude: ["bench/cluster.test.ts"],
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The cluster's run after a kill is judged on a clock even at a tiny size, and another
        // benchmark's load on two cores could starve it: it runs alone, after the others.
        test: {
          name: "bench-cluster",
          environment: "node",
          include: ["bench/cluster.test.ts"],
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
          // Loaded once per worker, as the unit tests are (none of these files mocks a module).
          isolate: false,
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
        test: { name: "web", include: webTests, exclude: webMocking, isolate: false, ...webOptions },
      },
      {
        plugins: [react()],
        test: { name: "web-isolated", include: webMocking, ...webOptions },
      },
    ],
  },
});
