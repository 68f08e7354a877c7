// The server the browser tests run against: the built app on a fresh, empty database.
import fs from "node:fs";
import path from "node:path";
import { root } from "./build-inputs.mjs";

const dataDir = path.join(root, "reports", "e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
// Browser tests never reach the internet: every source is this server's own samples.
process.env.SAMPLE_MODE = "1";
// The admin's Extract journey reads an article page served on loopback by the test.
process.env.ALLOW_PRIVATE_SOURCES = "1";
await import("../dist/server/main.js");
