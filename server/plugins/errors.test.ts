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
});
