import net from "node:net";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/app.ts";
import { testDatabaseTargets } from "../test/databases.ts";
import { handleClientError } from "./client-errors.ts";

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

function parseAnswer(received: string): RawAnswer {
  const split = received.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = received.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: received.slice(split + 4) };
}

/**
 * Sends bytes exactly as given on a fresh connection (no HTTP client would send these)
 * and reads the first answer.
 */
function exchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.setTimeout(5_000, () => socket.destroy(new Error("no answer within 5 s")));
    socket.on("data", (chunk) => {
      received += chunk;
      const split = received.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(received)?.[1];
      if (split >= 0 && length !== undefined && received.length >= split + 4 + Number(length)) {
        socket.destroy();
        resolve(parseAnswer(received));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`connection closed after ${JSON.stringify(received.slice(0, 200))}`)));
    socket.write(request);
  });
}

function expectUsualHeaders(answer: RawAnswer) {
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["x-frame-options"]).toBe("DENY");
  expect(answer.headers["referrer-policy"]).toBe("no-referrer");
  expect(answer.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
}

const [target] = testDatabaseTargets();

describe("requests refused before routing, on a listening server", () => {
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target);
  let port: number;

  beforeAll(async () => {
    await setup.app.listen({ port: 0, host: "127.0.0.1" });
    port = (setup.app.server.address() as net.AddressInfo).port;
  });

  const manyHeaders = Array.from({ length: 40 }, (_, i) => `x-filler-${i}: ${"b".repeat(500)}\r\n`).join("");

  it.each([
    [
      "a URL over 16 KB",
      `GET /api/search?q=${"a".repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      "headers_too_large",
      "The request's address and headers are too large (16 KB at most)",
    ],
    [
      "headers over 16 KB",
      `GET /api/health HTTP/1.1\r\nHost: x\r\n${manyHeaders}\r\n`,
      431,
      "headers_too_large",
      "The request's address and headers are too large (16 KB at most)",
    ],
    [
      "a Content-Length that is not a number",
      "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
      400,
      "invalid_request",
      "Malformed HTTP request: invalid Content-Length header",
    ],
    [
      "an unknown method",
      "FROB /api/health HTTP/1.1\r\nHost: x\r\n\r\n",
      400,
      "invalid_request",
      "Malformed HTTP request: unknown method",
    ],
    [
      "a broken request line",
      "GET /api/health HTTX/1.1\r\nHost: x\r\n\r\n",
      400,
      "invalid_request",
      "Malformed HTTP request",
    ],
  ])("answers %s in the error shape with the usual headers", async (_what, request, status, code, message) => {
    const answer = await exchange(port, request);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ error: { code, message } });
    expectUsualHeaders(answer);
    expect(answer.headers.connection).toBe("close");
  });

  it("answers a URL that cannot be decoded in the error shape, with a request id", async () => {
    const answer = await exchange(port, "GET /api/feeds/%zz HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.code).toBe("invalid_request");
    expectUsualHeaders(answer);
  });

  it("keeps serving well-formed requests", async () => {
    await exchange(port, "FROB / HTTP/1.1\r\nHost: x\r\n\r\n");
    const answer = await exchange(port, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ok" });
  });
});

describe("the client error handler on its own", () => {
  function fakeSocket(state: { writable?: boolean; destroyed?: boolean } = {}) {
    const written: string[] = [];
    let destroyed = state.destroyed ?? false;
    const socket = {
      writable: state.writable ?? true,
      get destroyed() {
        return destroyed;
      },
      write: (text: string) => written.push(text),
      destroy: () => {
        destroyed = true;
      },
    };
    return { socket: socket as unknown as net.Socket, written, isDestroyed: () => destroyed };
  }
  const app = { log: { info: () => undefined }, config: {} } as unknown as FastifyInstance;
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it("answers a request that never finished arriving with a 408", () => {
    const { socket, written, isDestroyed } = fakeSocket();
    handleClientError.call(app, failure("ERR_HTTP_REQUEST_TIMEOUT"), socket);
    const answer = parseAnswer(written.join(""));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "request_timeout", message: "The request took too long to arrive" },
    });
    expectUsualHeaders(answer);
    expect(isDestroyed()).toBe(true);
  });

  it("logs the parser's verdict, never the raw request head with its cookies", () => {
    const logged: unknown[] = [];
    const logging = {
      log: { info: (entry: unknown) => logged.push(entry) },
      config: {},
    } as unknown as FastifyInstance;
    const { socket } = fakeSocket();
    const error = Object.assign(new Error("Parse Error: Invalid character in Content-Length"), {
      code: "HPE_INVALID_CONTENT_LENGTH",
      reason: "Invalid character in Content-Length",
      rawPacket: Buffer.from(
        "POST / HTTP/1.1\r\nCookie: gemwire_session=secret-session-id\r\nContent-Length: x\r\n\r\n",
      ),
    });
    handleClientError.call(logging, error, socket);
    expect(logged).toHaveLength(1);
    const text = JSON.stringify(logged[0]);
    expect(text).toContain("HPE_INVALID_CONTENT_LENGTH");
    expect(text).not.toContain("secret-session-id");
    expect(text).not.toContain("rawPacket");
  });

  it("writes nothing to a connection the client reset", () => {
    const { socket, written } = fakeSocket();
    handleClientError.call(app, failure("ECONNRESET"), socket);
    expect(written).toEqual([]);
  });
});
