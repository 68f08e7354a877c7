/**
 * The hostile files and malformed forms of T9 (uploads.test.ts): what each upload route is
 * sent, and what each must answer.
 */
import sharp from "sharp";
import { IMAGE_MAX_BYTES } from "../../server/lib/images.ts";
import { pixelBombPng } from "../../server/test/uploads.ts";

/** The upload routes there are, with the picture types each accepts (the refusal names them). */
export const UPLOAD_ROUTES: Record<string, string> = {
  "POST /api/me/avatar": "Choose a PNG, JPEG or GIF picture",
  "POST /api/admin/blog/images": "Choose a PNG, JPEG, GIF or WebP picture",
};

export type Outcome =
  | { refused: 400 | 413 | 415; message: string | "types" }
  | { stored: true }
  | { refusedOrStored: true };

export type Hostile = { name: string; filename: string; type: string; bytes: Buffer; outcome: Outcome };

const SCRIPT = "<script>alert(document.cookie)</script>";
export const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>`;
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;
/** A ZIP archive's local file header, then a file inside. */
const ZIP = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.from(`evil.html${HTML}`),
]);

export async function hostileFiles(): Promise<Hostile[]> {
  const tiny = { width: 8, height: 6, channels: 3 as const, background: "#f59e0b" };
  const png = await sharp({ create: tiny }).png().toBuffer();
  const gif = await sharp({ create: tiny }).gif().toBuffer();
  const jpeg = await sharp({ create: tiny }).jpeg().toBuffer();
  // A PNG carrying markup in a text chunk, before its end: metadata must not survive.
  const end = png.length - 12;
  const textChunk = Buffer.concat([
    Buffer.from([0, 0, 0, SCRIPT.length + 8]),
    Buffer.from("tEXtComment\u0000"),
    Buffer.from(SCRIPT),
  ]);
  const pngWithText = Buffer.concat([
    png.subarray(0, end),
    textChunk.subarray(0, 4 + 4 + SCRIPT.length + 8),
    png.subarray(end),
  ]);
  const stored = { stored: true } as const;
  const types = (status: 415) => ({ refused: status, message: "types" }) as const;
  const unreadable = { refused: 400, message: "This file is not a picture we can read" } as const;
  return [
    { name: "SVG with script", filename: "x.svg", type: "image/svg+xml", bytes: Buffer.from(SVG), outcome: types(415) },
    { name: "SVG named .png", filename: "x.png", type: "image/png", bytes: Buffer.from(SVG), outcome: types(415) },
    { name: "HTML named .png", filename: "x.png", type: "image/png", bytes: Buffer.from(HTML), outcome: types(415) },
    { name: "HTML as text/html", filename: "x.html", type: "text/html", bytes: Buffer.from(HTML), outcome: types(415) },
    { name: "ZIP named .png", filename: "x.png", type: "image/png", bytes: ZIP, outcome: types(415) },
    { name: "empty file", filename: "x.png", type: "image/png", bytes: Buffer.alloc(0), outcome: types(415) },
    {
      name: "GIF header then script (polyglot)",
      filename: "x.gif",
      type: "image/gif",
      bytes: Buffer.from(`GIF89a/*${"\u0000".repeat(8)}*/=1;${SCRIPT}`),
      outcome: unreadable,
    },
    {
      name: "JPEG header then HTML",
      filename: "x.jpg",
      type: "image/jpeg",
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
      outcome: unreadable,
    },
    {
      name: "PNG header then HTML",
      filename: "x.png",
      type: "image/png",
      bytes: Buffer.concat([png.subarray(0, 8), Buffer.from(HTML)]),
      outcome: unreadable,
    },
    {
      name: "truncated PNG",
      filename: "x.png",
      type: "image/png",
      bytes: png.subarray(0, png.length >> 1),
      outcome: unreadable,
    },
    {
      name: "truncated JPEG",
      filename: "x.jpg",
      type: "image/jpeg",
      bytes: jpeg.subarray(0, jpeg.length >> 1),
      outcome: { refusedOrStored: true },
    },
    {
      name: "pixel flood (50,000 × 50,000 PNG)",
      filename: "x.png",
      type: "image/png",
      bytes: pixelBombPng(),
      outcome: { refused: 400, message: "The picture has too many pixels (at most 16 megapixels)" },
    },
    {
      name: "larger than 5 MB",
      filename: "x.png",
      type: "image/png",
      bytes: Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]),
      outcome: { refused: 413, message: "The picture is larger than 5 MB" },
    },
    {
      name: "GIF with script after its end",
      filename: "x.gif",
      type: "image/gif",
      bytes: Buffer.concat([gif, Buffer.from(HTML)]),
      outcome: stored,
    },
    {
      name: "PNG with script in a text chunk",
      filename: "x.png",
      type: "image/png",
      bytes: pngWithText,
      outcome: { refusedOrStored: true },
    },
    { name: "PNG declared text/html", filename: "x.html", type: "text/html", bytes: png, outcome: stored },
    { name: "PNG declared image/svg+xml", filename: "x.svg", type: "image/svg+xml", bytes: png, outcome: stored },
    { name: "path in the name", filename: "../../etc/passwd.png", type: "image/png", bytes: png, outcome: stored },
    {
      name: "deeper path in the name",
      filename: "../../../../../../tmp/t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    {
      name: "backslash path in the name",
      filename: "..\\..\\t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    { name: "Windows drive in the name", filename: "C:\\x.png", type: "image/png", bytes: png, outcome: stored },
    {
      name: "absolute path in the name",
      filename: "/etc/t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    { name: "NUL in the name", filename: "x.png\u0000.html", type: "image/png", bytes: png, outcome: stored },
    {
      name: "markup in the name",
      filename: `"><img src=x onerror=alert(1)>.png`,
      type: "image/png",
      bytes: jpeg,
      outcome: stored,
    },
  ];
}

export type MalformedForm = { name: string; type: string; payload: Buffer; status: number; message?: string };

/**
 * Forms that break multipart/form-data, or carry something other than one picture, around
 * `png`; with the part builder, closing boundary and content type, for well-formed ones.
 */
export function malformedForms(png: Buffer) {
  const boundary = "----t9-boundary";
  const part = (field: string, filename: string | null, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === null ? "" : `; filename="${filename}"`}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(body),
      Buffer.from("\r\n"),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const form = `multipart/form-data; boundary=${boundary}`;
  const malformed = "The upload is not a well-formed multipart/form-data form";
  const noPicture = "Choose a picture to upload";
  const cases: MalformedForm[] = [
    {
      name: "cut off before its end",
      type: form,
      payload: part("file", "x.png", png),
      status: 400,
      message: malformed,
    },
    {
      name: "cut off inside the file",
      type: form,
      payload: part("file", "x.png", png).subarray(0, 90),
      status: 400,
      message: malformed,
    },
    {
      name: "no boundary",
      type: "multipart/form-data",
      payload: Buffer.concat([part("file", "x.png", png), end]),
      status: 400,
      message: malformed,
    },
    {
      name: "another boundary",
      type: "multipart/form-data; boundary=other",
      payload: Buffer.concat([part("file", "x.png", png), end]),
      status: 400,
    },
    { name: "empty body", type: form, payload: Buffer.alloc(0), status: 400 },
    {
      name: "fields only",
      type: form,
      payload: Buffer.concat([part("note", null, "hi"), end]),
      status: 400,
      message: noPicture,
    },
    {
      name: "file without a file name",
      type: form,
      payload: Buffer.concat([part("file", null, png), end]),
      status: 400,
      message: noPicture,
    },
    {
      name: "twenty fields before the file",
      type: form,
      payload: Buffer.concat([
        ...Array.from({ length: 20 }, (_, i) => part(`f${i}`, null, "1")),
        part("file", "x.png", png),
        end,
      ]),
      status: 413,
      message: "Send one picture in the form field 'file', and nothing else",
    },
    {
      name: "SVG first, then a picture",
      type: form,
      payload: Buffer.concat([part("file", "a.png", SVG), part("file", "b.png", png), end]),
      status: 415,
    },
  ];
  return { cases, part, end, form };
}
