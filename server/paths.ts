import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this file whether it runs from source or dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project root (no package.json above the server)");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

/** Where `vite build` writes the web app. */
export const webDistDir = path.join(projectRoot, "dist", "web");

export const appVersion: string = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")).version;
