import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths.ts";
// @ts-expect-error -- a plain .mjs script without type declarations
import { enginesRefusing, promisedNode, satisfies } from "./node-engines.mjs";

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");

describe("npm's engines ranges", () => {
  it.each([
    ["20.19.0", ">=18", true],
    ["20.19.0", ">=22", false],
    ["20.19.0", ">= 10", true],
    ["20.19.0", ">=0.8.x", true],
    ["20.19.0", ">= 10.x", true],
    ["20.19.0", "*", true],
    ["20.19.0", "20.x || 22.x || 23.x", true],
    ["20.19.0", "18 || 20 || >=22", true],
    ["21.0.0", "18 || 20 || >=22", false],
    ["20.19.0", "^20.19.0 || >=22.12.0", true],
    ["20.18.9", "^20.19.0 || >=22.12.0", false],
    ["22.11.0", "^20.19.0 || >=22.12.0", false],
    ["20.19.0", "^20.19.0 || ^22.13.0 || >=23.5.0", true],
    ["20.19.0", ">=16 || 14 >=14.17", true],
    ["14.16.0", ">=16 || 14 >=14.17", false],
    ["20.19.0", "^8.16.0 || ^10.6.0 || >=11.0.0", true],
    ["20.19.0", "^20.9.0", true],
    ["21.0.0", "^20.9.0", false],
    ["0.2.5", "^0.2.3", true],
    ["0.3.0", "^0.2.3", false],
    ["20.19.0", "~20.18.0", false],
    ["20.18.5", "~20.18.0", true],
    ["20.19.0", ">20.18", true],
    ["20.18.9", ">20.18", false],
    ["20.19.0", "<=20.18", false],
    ["20.18.9", "<=20.18", true],
    ["20.19.0", ">=20.19.0 <21", true],
    ["21.1.0", ">=20.19.0 <21", false],
  ])("%s satisfies %s: %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it("refuses a range it cannot read rather than guessing", () => {
    expect(() => satisfies("20.19.0", ">=20.0.0-rc.1")).toThrow(/unsupported/);
    expect(() => satisfies("20.19.0", "latest")).toThrow(/unsupported/);
  });
});

describe("installing on the promised Node.js version", () => {
  const promised = promisedNode(JSON.parse(read("package.json")));

  it("promises in the README the version package.json's engines names", () => {
    const [major, minor] = promised.split(".");
    expect(read("README.md")).toContain(`Node.js ${major}.${minor} or newer`);
  });

  // npm warns EBADENGINE for every installed package whose engines.node refuses the running Node.js.
  it("locks no package that refuses it", () => {
    expect(enginesRefusing(JSON.parse(read("package-lock.json")), promised)).toEqual([]);
  });

  it("would notice a package that refuses it", () => {
    const lock = { packages: { "": {}, "node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } } } };
    expect(enginesRefusing(lock, promised)).toEqual(["cookie (>=22)"]);
  });
});
