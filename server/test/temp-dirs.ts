import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Temporary folders for one test file; call `removeAll` in its afterAll. */
export function tempDirs() {
  const made: string[] = [];
  return {
    make(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gemwire-${prefix}-`));
      made.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
