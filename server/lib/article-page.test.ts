import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageFetch, fetchPage, looksLikeHtml, UnreadablePage } from "./article-page.ts";

/*
 * Pages sent without a Content-Type are judged by how they start, on the main thread,
 * for whatever page anyone asks to analyse: the check must stay linear on hostile input.
 */

const EMPTY_COMMENTS = `${"<!---->".repeat(150)}x`;
const COMMENTED_PAGE = "\n  <!-- built 2026-01-02 -->\n<!--\n  cached\n-->  <html><head><title>T</title></head></html>";

let server: http.Server;
let origin = "";
const fetcher = createPageFetch({ allowPrivate: true });

beforeAll(async () => {
  // Every body is sent without a Content-Type.
  const bodies: Record<string, string> = { "/comments": EMPTY_COMMENTS, "/commented-page": COMMENTED_PAGE };
  server = http.createServer((request, response) => response.end(bodies[request.url ?? ""] ?? ""));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fetcher.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a page without a Content-Type", () => {
  it("answers 'not a web page' for a run of empty comments before text (no catastrophic backtracking)", async () => {
    expect(looksLikeHtml(Buffer.from(EMPTY_COMMENTS, "latin1"))).toBe(false);
    const refused = await fetchPage(fetcher, `${origin}/comments`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnreadablePage);
    expect(refused).toMatchObject({ status: 502, reason: "it is not a web page (unknown type)" });
  });

  it("is read as HTML when only blank space and comments come before <html>", async () => {
    expect(looksLikeHtml(Buffer.from(COMMENTED_PAGE, "latin1"))).toBe(true);
    const page = await fetchPage(fetcher, `${origin}/commented-page`);
    expect(page.html).toBe(COMMENTED_PAGE);
  });

  it.each([
    ["<!DOCTYPE html><p>x", true],
    ["<body>", true],
    ["<!-- never closed <html>", false],
    ["<!-- a --><htmlx>", false],
    ["text <html>", false],
  ])("judges %j as HTML: %s", (start, expected) => {
    expect(looksLikeHtml(Buffer.from(start, "latin1"))).toBe(expected);
  });
});
