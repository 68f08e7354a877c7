import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths.ts";
import { lineOf, outsideReferences, prosePointers } from "./outside-references.ts";

/*
 * The documentation stays true to the repository: every relative link leads somewhere,
 * every `npm run` names a script, and nothing points to a document the reader cannot open.
 */

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");

/** README.md, SECURITY.md and every Markdown file under docs/, as paths from the root. */
function documents(): string[] {
  const found: string[] = ["README.md", "SECURITY.md"];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".md")) found.push(file);
    }
  };
  walk("docs");
  return found.sort();
}

/** The text with code blocks and code spans blanked (same length, same lines): code holds examples, not links. */
function prose(text: string): string {
  const blank = (code: string) => code.replace(/[^\n]/g, " ");
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank).replace(/`[^`\n]*`/g, blank);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors a Markdown file's headings give, numbered as GitHub numbers repeats. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const text = read(file);
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  // Headings found outside code; their words read from the text itself, code spans included.
  for (const match of prose(text).matchAll(/^#{1,6}[ \t]+/gm)) {
    const end = text.indexOf("\n", match.index);
    const heading = text.slice(match.index + match[0].length, end === -1 ? undefined : end).replace(/\s+#*\s*$/, "");
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Relative links of a document that lead to no file or folder (or to no heading of a Markdown file). */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  const body = prose(text);
  const targets = [
    ...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...body.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm),
  ];
  for (const match of targets) {
    const target = match[1] ?? "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    const [pathPart = "", anchor] = target.split("#");
    const from = pathPart.startsWith("/") ? projectRoot : path.dirname(path.join(projectRoot, file));
    const resolved = path.resolve(from, decodeURIComponent(pathPart.replace(/^\//, "")));
    const inside = path.relative(projectRoot, resolved);
    const where = `${file}:${lineOf(text, match.index)} → ${target}`;
    if (inside.startsWith("..") || path.isAbsolute(inside)) broken.push(`${where} (outside the repository)`);
    else if (!fs.existsSync(resolved)) broken.push(`${where} (no such file or folder)`);
    else if (anchor && resolved.endsWith(".md") && !anchorsOf(inside).has(anchor))
      broken.push(`${where} (no heading with that anchor)`);
  }
  return broken;
}

/** `npm run <name>` (or `npm run -s <name>`) mentions whose script package.json lacks; `bench:*` needs one `bench:` script. */
function unknownScripts(file: string, text: string, scripts: ReadonlySet<string>): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(/\bnpm run(?:\s+(?:-s|--silent))?\s+([\w:*-]+)/g)) {
    const name = (match[1] ?? "").replace(/:$/, "");
    const known = name.endsWith("*")
      ? [...scripts].some((script) => script.startsWith(name.slice(0, -1)))
      : scripts.has(name);
    if (!known) unknown.push(`${file}:${lineOf(text, match.index)} → npm run ${name}`);
  }
  return unknown;
}

/** Words in the prose (outside code) that send the reader to a document outside this repository. */
const outsideReferencesIn = (file: string, text: string) => outsideReferences(file, prose(text), prosePointers);

describe("the documentation", () => {
  const docs = documents();
  const scripts = new Set(Object.keys(JSON.parse(read("package.json")).scripts as Record<string, string>));

  it("reads README.md, SECURITY.md and docs/", () => {
    expect(docs).toEqual(expect.arrayContaining(["README.md", "SECURITY.md", "docs/features/README.md"]));
  });

  it("links only to files, folders and headings that exist", () => {
    expect(docs.flatMap((file) => brokenLinks(file, read(file)))).toEqual([]);
  });

  it("runs only scripts package.json has", () => {
    expect(docs.flatMap((file) => unknownScripts(file, read(file), scripts))).toEqual([]);
  });

  it("points to no document outside the repository", () => {
    expect(docs.flatMap((file) => outsideReferencesIn(file, read(file)))).toEqual([]);
  });

  it("would notice a broken link, a missing script and an outside reference", () => {
    const text = [
      "[ok](../README.md) [gone](missing.md) [heading](../SECURITY.md#no-such-heading)",
      "[web](https://example.com) [here](#top) `[code](nowhere.md)`",
      "npm run test:unit, npm run -s no-such-script, npm run bench:*, npm run nope:*",
      "as the spec says (§3), see issue 12; `e2e/tour.spec.ts` is fine",
    ].join("\n");
    expect(brokenLinks("docs/example.md", text)).toEqual([
      "docs/example.md:1 → missing.md (no such file or folder)",
      "docs/example.md:1 → ../SECURITY.md#no-such-heading (no heading with that anchor)",
    ]);
    expect(unknownScripts("docs/example.md", text, scripts)).toEqual([
      "docs/example.md:3 → npm run no-such-script",
      "docs/example.md:3 → npm run nope:*",
    ]);
    expect(outsideReferencesIn("docs/example.md", text)).toEqual([
      'docs/example.md:4 → "spec"',
      'docs/example.md:4 → "§3"',
      'docs/example.md:4 → "issue 12"',
    ]);
  });
});
