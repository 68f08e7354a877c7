import type SharpModule from "sharp";
import type { Sharp } from "sharp";
import { AppError } from "../errors.ts";

/** Uploads larger than this are refused before they are read whole (avatars, blog images). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding is refused past this many pixels, before any memory is spent on them. */
export const IMAGE_MAX_PIXELS = 16_000_000;

export type ImageType = "png" | "jpeg" | "gif" | "webp";

/** The real type, from the first bytes, whatever the name or the browser claims. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38)
    return "gif";
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString("latin1") === "RIFF" &&
    Buffer.from(bytes.subarray(8, 12)).toString("latin1") === "WEBP"
  )
    return "webp";
  return undefined;
}

const TYPE_NAMES: Record<ImageType, string> = { png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP" };

/** "Choose a PNG, JPEG or GIF picture" for the types given. */
function chooseMessage(accepted: readonly ImageType[]): string {
  const names = accepted.map((type) => TYPE_NAMES[type]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
  return `Choose a ${list} picture`;
}

let queue: Promise<void> = Promise.resolve();

let loaded: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips) on first use: loaded at start it adds ~15 MB to every process that
 * never sees a picture. One picture at a time needs no thread pool or operation cache,
 * which would otherwise keep their memory after the picture is done.
 */
function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/**
 * Re-encodes an uploaded picture as a fresh WebP: checked by its bytes (one of `accepted`),
 * decoded with a pixel cap, and shaped by `shape` (resize, crop), so no metadata or
 * trailing payload survives. One picture at a time per process: decoding is the
 * memory-hungry part.
 */
export function reencodeImage(
  bytes: Buffer,
  accepted: readonly ImageType[],
  shape: (image: Sharp, size: { width: number; height: number }) => Sharp,
): Promise<Buffer> {
  const run = queue.then(() => reencode(bytes, accepted, shape));
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

async function reencode(
  bytes: Buffer,
  accepted: readonly ImageType[],
  shape: (image: Sharp, size: { width: number; height: number }) => Sharp,
): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type || !accepted.includes(type)) throw new AppError(415, "unsupported_media_type", chooseMessage(accepted));
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", animated: false });
    const { width = 1, height = 1, orientation } = await image.metadata();
    // EXIF orientations 5-8 turn the picture a quarter: its sides swap once upright.
    const turned = orientation !== undefined && orientation >= 5;
    const upright = turned ? { width: height, height: width } : { width, height };
    return await shape(image.rotate(), upright).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new AppError(
        400,
        "invalid_request",
        `The picture has too many pixels (at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels)`,
      );
    }
    throw new AppError(400, "invalid_request", "This file is not a picture we can read");
  }
}
