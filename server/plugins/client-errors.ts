import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { ErrorCode } from "../../contracts/errors.ts";
import { baselineSecurityHeaders } from "./security.ts";

/** What Node's HTTP parser reports: a code such as HPE_HEADER_OVERFLOW and, for parse errors, a reason. */
type ClientError = Error & { code?: string; reason?: string };

type Answer = { status: number; code: ErrorCode; message: string };

/** The parser's reasons for the malformed requests people actually send, in plain words. */
const malformed: Record<string, string> = {
  HPE_INVALID_METHOD: "unknown method",
  HPE_INVALID_CONTENT_LENGTH: "invalid Content-Length header",
  HPE_UNEXPECTED_CONTENT_LENGTH: "Content-Length together with Transfer-Encoding",
  HPE_INVALID_TRANSFER_ENCODING: "invalid Transfer-Encoding header",
  HPE_INVALID_CHUNK_SIZE: "invalid chunk size",
  HPE_INVALID_VERSION: "invalid HTTP version",
  HPE_INVALID_URL: "invalid request target",
  HPE_INVALID_HEADER_TOKEN: "invalid header",
};

function answerFor(error: ClientError): Answer {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      code: "headers_too_large",
      message: "The request's address and headers are too large (16 KB at most)",
    };
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, code: "request_timeout", message: "The request took too long to arrive" };
  }
  const reason = malformed[error.code ?? ""];
  return {
    status: 400,
    code: "invalid_request",
    message: reason ? `Malformed HTTP request: ${reason}` : "Malformed HTTP request",
  };
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a head over 16 KB,
 * a bad Content-Length, an unknown method, a request that never finishes arriving) in the
 * API's error shape, with the security headers and a request id like every other answer.
 * No route or hook runs for these, so the response is written to the socket as Node would.
 */
export function handleClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = answerFor(error);
  const id = randomUUID();
  // Only the parser's verdict: the error also carries the raw request head (rawPacket),
  // cookies and all, and up to 16 KB of it — never logged.
  this.log.info(
    { reqId: id, code: error.code, reason: (error as { reason?: string }).reason, statusCode: status },
    "malformed request refused",
  );
  // Never write a second response into one already under way on this connection.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const body = JSON.stringify({ error: { code, message } });
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
      "x-request-id": id,
      ...baselineSecurityHeaders(this.config),
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
  }
  socket.destroy(error);
}
