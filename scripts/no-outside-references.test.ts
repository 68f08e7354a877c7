import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths.ts";
import { codePointers, outsideReferences } from "./outside-references.ts";

/*
 * The code speaks for itself: no comment or test title sends the reader to a document outside
 * the repository (a numbered section of a specification, a numbered issue, a design file); it
 * states the rule, or links a file that is here. scripts/docs-links.test.ts holds the
 * documentation to the same rule.
 */

const FOLDERS = ["server", "web", "contracts", "scripts", "bench", "hardening", "test-kit", "e2e"];
const SOURCE = /\.(?:ts|tsx|mjs|css)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist"]);
/** The two checks, which spell out the pointers they look for. */
const SHOWING_POINTERS = new Set(["scripts/docs-links.test.ts", "scripts/no-outside-references.test.ts"]);

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");

/** Every source and style file of the app, its tests and tools, as paths from the root. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(file);
      } else if (SOURCE.test(entry.name)) found.push(file);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return found.sort();
}

describe("the code's comments and test titles", () => {
  const files = sourceFiles().filter((file) => !SHOWING_POINTERS.has(file));

  it("are read from every part of the app, its tests and tools, not from node_modules or dist", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "server/app.ts",
        "web/styles.css",
        "contracts/feeds.ts",
        "scripts/start.mjs",
        "bench/feed-refresh.ts",
        "hardening/threats/ssrf-entry-points.ts",
        "test-kit/server-process.ts",
        "e2e/routes.ts",
      ]),
    );
    expect(files.filter((file) => /(^|\/)(node_modules|dist)\//.test(file))).toEqual([]);
  });

  it("point to no document outside the repository", () => {
    const found = files.flatMap((file) => outsideReferences(file, read(file), codePointers));
    expect(found).toEqual([]);
  });

  it("would notice a section, an issue, a design file or the spec, not `spec` as a name", () => {
    const text = [
      "/** Spec §4 Votes: sets the member's vote. */",
      'it("adds a feed for its followers (issue 17)", () => {});',
      "// As DESIGN.md and the spec's list say (issues 15, 16); see product-spec.md.",
      "const kept = cache.get(spec.key); // e2e/tour.spec.ts and answer(spec) are fine",
      'import { stream } from "../shared-notification-stream.ts"; // read ../shared/spec too',
    ].join("\n");
    expect(outsideReferences("example.ts", text, codePointers)).toEqual([
      'example.ts:3 → "the spec"',
      'example.ts:3 → "product-spec"',
      'example.ts:1 → "§4"',
      'example.ts:2 → "issue 17"',
      'example.ts:3 → "issues 15"',
      'example.ts:3 → "DESIGN.md"',
      'example.ts:5 → "../shared"',
    ]);
  });
});
