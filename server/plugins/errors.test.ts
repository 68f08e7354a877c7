import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failedToCreate } from "../modules/gems/predictions.ts";
import { freePort } from "../test/free-port.ts";
import { registerErrorHandler } from "./errors.ts";

/** A real error from node-postgres meeting a server that is not there. */
async function refused(): Promise<Error> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
  return client.connect().then(
    () => {
      throw new Error("expected the connection to be refused");
    },
    (error: Error) => error,
  );
}

describe("the error handler and a database out of reach", () => {
  const app = Fastify({ logger: false });
  app.decorate("config", { dataDir: "/srv/gemwire" } as never);
  let connectionRefused: Error;

  beforeAll(async () => {
    connectionRefused = await refused();
    registerErrorHandler(app);
    app.get("/down", async () => {
      throw connectionRefused;
    });
    app.get("/wrapped", async () => {
      throw failedToCreate(connectionRefused);
    });
    app.get("/wrapped-bug", async () => {
      throw failedToCreate(new TypeError("cannot read properties of undefined"));
    });
    app.get("/client-cut-off", async () => {
      // What a request body cut off mid-way reaches the handler as: a socket error, the client's fault.
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET", statusCode: 400 });
    });
    app.get("/disk-full", async () => {
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    });
    app.get("/bug", async () => {
      throw Object.assign(new Error("syntax error at or near SELEC"), { code: "42601" });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers 503 unavailable with Retry-After, also when a service wrapped the failure in a 500", async () => {
    for (const url of ["/down", "/wrapped"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers["retry-after"], url).toBe("5");
      expect(response.json(), url).toEqual({
        error: { code: "unavailable", message: "The service is temporarily unavailable. Please try again later." },
      });
    }
  });

  it("keeps a failure of the code itself a 500 without details", async () => {
    for (const url of ["/bug", "/wrapped-bug"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(500);
      expect(response.headers["retry-after"], url).toBeUndefined();
      expect(response.json().error.code, url).toBe("internal_error");
      expect(response.body, url).not.toMatch(/SELEC|undefined/);
    }
  });

  it("keeps a client's own socket error (a body cut off) its 4xx, not a database outage", async () => {
    const response = await app.inject({ url: "/client-cut-off" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["retry-after"]).toBeUndefined();
  });

  it("answers a write refused for full storage 507 with Retry-After", async () => {
    const response = await app.inject({ url: "/disk-full" });
    expect(response.statusCode).toBe(507);
    expect(response.headers["retry-after"]).toBe("60");
    expect(response.json().error.message).toMatch(/not saved/);
  });
});
