/**
 * The baseline of `npm run bench:api`: a bare Fastify server answering one static JSON
 * body at GET /baseline — the file BASELINE_BODY_FILE (bench:api gives it the feed list's
 * own answer, so the load client reads the very same bytes), else BASELINE_BYTES of
 * filler — what a route costs with no work at all, started the same way as Gemwire
 * (same Node, same flags) on PORT.
 */
import fs from "node:fs";
import Fastify from "fastify";

const file = process.env.BASELINE_BODY_FILE;
const bytes = Number(process.env.BASELINE_BYTES ?? 1024);
const body = file
  ? fs.readFileSync(file)
  : JSON.stringify({ items: [], filler: "x".repeat(Math.max(0, bytes - '{"items":[],"filler":""}'.length)) });
const app = Fastify({ logger: false });
app.get("/baseline", (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
app.get("/api/feeds", () => ({ feeds: [] }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
const stop = () => app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
