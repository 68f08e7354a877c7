/**
 * The baseline of `npm run bench:api`: a bare Fastify server answering one static JSON
 * body of BASELINE_BYTES bytes at GET /baseline — what a route costs with no work at
 * all, started the same way as Gemwire (same Node, same flags) on PORT.
 */
import Fastify from "fastify";

const bytes = Number(process.env.BASELINE_BYTES ?? 1024);
const filler = "x".repeat(Math.max(0, bytes - '{"items":[],"filler":""}'.length));
const body = JSON.stringify({ items: [], filler });
const app = Fastify({ logger: false });
app.get("/baseline", (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
app.get("/api/feeds", () => ({ feeds: [] }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
const stop = () => app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
