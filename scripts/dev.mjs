// `npm run dev`: the API with restart-on-change (tsx watch) and the web app with hot reload (Vite).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" };

const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], { cwd: root, env, stdio: "inherit" }),
  spawn(bin("vite"), [], { cwd: root, env, stdio: "inherit" }),
];
console.log("Gemwire dev: open http://localhost:5173 (API on port %s)", env.PORT ?? 3000);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
