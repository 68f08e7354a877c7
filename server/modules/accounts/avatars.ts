import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type Sharp from "sharp";
import { AppError } from "../../errors.ts";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding is refused past this many pixels, before any memory is spent on them. */
export const AVATAR_MAX_PIXELS = 16_000_000;
const AVATAR_SIZE = 512;
export const AVATAR_NAME = /^[0-9a-f-]{36}\.webp$/;

/** The real type, from the first bytes, whatever the name or the browser claims. */
export function sniffImageType(bytes: Uint8Array): "png" | "jpeg" | "gif" | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38)
    return "gif";
  return undefined;
}

/**
 * Turns an uploaded picture into a fresh square WebP, 512 px or the picture's shorter side
 * when smaller (never enlarged): checked by its bytes, decoded with a pixel cap,
 * re-encoded so no metadata or trailing payload survives.
 */
export function processAvatar(bytes: Buffer): Promise<Buffer> {
  // One picture at a time per process: decoding is the memory-hungry part.
  const run = queue.then(() => reencode(bytes));
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

let queue: Promise<void> = Promise.resolve();

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) on first use: loaded at start it adds ~15 MB to every process that
 * never sees a picture. One picture at a time needs no thread pool or operation cache,
 * which would otherwise keep their memory after the picture is done.
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

async function reencode(bytes: Buffer): Promise<Buffer> {
  if (!sniffImageType(bytes)) throw new AppError(415, "unsupported_media_type", "Choose a PNG, JPEG or GIF picture");
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error", animated: false });
    // The shorter side stays the same whichever way the picture is turned.
    const { width = AVATAR_SIZE, height = AVATAR_SIZE } = await image.metadata();
    const side = Math.min(AVATAR_SIZE, width, height);
    return await image.rotate().resize(side, side, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new AppError(400, "invalid_request", "The picture has too many pixels (at most 16 megapixels)");
    }
    throw new AppError(400, "invalid_request", "This file is not a picture we can read");
  }
}

export const avatarDir = (dataDir: string) => path.join(dataDir, "avatars");

/** Stores a processed avatar under DATA_DIR with a generated name; returns the name. */
export async function saveAvatar(dataDir: string, webp: Buffer): Promise<string> {
  const name = `${randomUUID()}.webp`;
  await fs.mkdir(avatarDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(avatarDir(dataDir), name), webp);
  return name;
}

export async function removeAvatar(dataDir: string, address: string | null): Promise<void> {
  const name = address?.split("/").pop();
  if (name && AVATAR_NAME.test(name)) await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}

export const avatarAddress = (name: string) => `/api/avatars/${name}`;
