// `npm run demo`: Gemwire with every source pointed at the samples it serves itself —
// feeds in every format, prices and trends — so it shows a full app without internet.
// Its data lives apart from a real installation's (data/demo unless DATA_DIR is set).
import path from "node:path";
import { root } from "./build-inputs.mjs";

process.env.SAMPLE_MODE = "1";
process.env.DATA_DIR ??= path.join(root, "data", "demo");
await import("./start.mjs");
