import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths.ts";

/** What `npm run build` compiles into dist/server: the files tsc reads for tsconfig.server.json. */
function serverBuildFiles(): string[] {
  const tsc = path.join(projectRoot, "node_modules", "typescript", "bin", "tsc");
  const listed = execFileSync(process.execPath, [tsc, "-p", "tsconfig.server.json", "--listFilesOnly"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .map((file) => path.relative(projectRoot, file.trim()))
    .filter((file) => file !== "" && !file.startsWith("node_modules/") && !file.startsWith(".."));
}

describe("the server's build", () => {
  it("holds the server and its contracts, and no test, test helper or fixture", { timeout: 60_000 }, () => {
    const files = serverBuildFiles();
    expect(files).toContain("server/main.ts");
    expect(files).toContain("contracts/feeds.ts");
    expect(files.filter((file) => /\.test\.tsx?$|(^|\/)(test|fixtures)\//.test(file))).toEqual([]);
  });
});
