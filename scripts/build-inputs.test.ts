import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDirs } from "../server/test/temp-dirs.ts";
// @ts-expect-error -- a plain .mjs build script without type declarations
import { defineBuild, isFresh, writeStamp } from "./build-inputs.mjs";

const temp = tempDirs();
afterAll(() => temp.removeAll());

function project() {
  const dir = temp.make("build");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write("web/main.tsx", "render()");
  write("web/main.test.tsx", "test()");
  write("package-lock.json", "{}");
  const build = defineBuild(dir, {
    inputs: ["web", "package-lock.json"],
    output: "dist/web/index.html",
    stamp: "dist/web/.build-stamp",
    script: "build:web",
  });
  return { build, write, remove: (file: string) => fs.rmSync(path.join(dir, file)) };
}

describe("npm start's rebuild check", () => {
  it("builds when there is no build yet", () => {
    const { build } = project();
    expect(isFresh(build)).toBe(false);
  });

  it("skips the build when nothing changed since it was made", () => {
    const { build, write } = project();
    write("dist/web/index.html", "<div>");
    writeStamp(build);
    expect(isFresh(build)).toBe(true);
  });

  it.each([
    ["a source file changes", (p: ReturnType<typeof project>) => p.write("web/main.tsx", "render(2)")],
    ["a source file is added", (p: ReturnType<typeof project>) => p.write("web/new.ts", "x")],
    ["a source file is removed", (p: ReturnType<typeof project>) => p.remove("web/main.tsx")],
    ["the dependencies change", (p: ReturnType<typeof project>) => p.write("package-lock.json", '{"v":2}')],
    ["the output is gone", (p: ReturnType<typeof project>) => p.remove("dist/web/index.html")],
  ])("rebuilds when %s", (_, change) => {
    const p = project();
    p.write("dist/web/index.html", "<div>");
    writeStamp(p.build);
    change(p);
    expect(isFresh(p.build)).toBe(false);
  });

  it("ignores changes to tests", () => {
    const p = project();
    p.write("dist/web/index.html", "<div>");
    writeStamp(p.build);
    p.write("web/main.test.tsx", "test(2)");
    expect(isFresh(p.build)).toBe(true);
  });
});
