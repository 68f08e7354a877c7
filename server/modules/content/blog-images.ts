import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/database.ts";
import { reencodeImage } from "../../lib/images.ts";
import { imagesInUse, isImageUsed } from "./blog-repository.ts";

/** Wider than any column the blog shows an image in, at twice the pixels for sharp screens. */
const BLOG_IMAGE_MAX_SIDE = 1600;
/** The names we give uploads; anything else is never read from disk. */
export const BLOG_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const PREFIX = "/api/blog/images/";

export const blogImageDir = (dataDir: string) => path.join(dataDir, "blog-images");
export const blogImageAddress = (name: string) => `${PREFIX}${name}`;

/** The file name of an uploaded image's address, or undefined for any other address. */
export function uploadedImageName(image: string | null): string | undefined {
  if (!image?.startsWith(PREFIX)) return undefined;
  const name = image.slice(PREFIX.length);
  return BLOG_IMAGE_NAME.test(name) ? name : undefined;
}

/**
 * An uploaded picture as a fresh WebP, at most 1600 px on its longer side (never
 * enlarged): checked by its bytes, decoded with a pixel cap, re-encoded so no metadata or
 * trailing payload survives. PNG, JPEG, GIF (first frame) or WebP.
 */
export function processBlogImage(bytes: Buffer): Promise<Buffer> {
  return reencodeImage(bytes, ["png", "jpeg", "gif", "webp"], (image) =>
    image.resize(BLOG_IMAGE_MAX_SIDE, BLOG_IMAGE_MAX_SIDE, { fit: "inside", withoutEnlargement: true }),
  );
}

/** Stores a processed image under DATA_DIR with a fresh name; returns its address. */
export async function saveBlogImage(dataDir: string, webp: Buffer): Promise<string> {
  const name = `${randomUUID()}.webp`;
  await fs.mkdir(blogImageDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(blogImageDir(dataDir), name), webp);
  return blogImageAddress(name);
}

/** Whether an address names an upload we hold: http(s) addresses pass as they are. */
export async function imageExists(dataDir: string, image: string | null): Promise<boolean> {
  if (!image?.startsWith(PREFIX)) return true;
  const name = uploadedImageName(image);
  if (!name) return false;
  return fs.access(path.join(blogImageDir(dataDir), name)).then(
    () => true,
    () => false,
  );
}

/** Removes an uploaded image's file once no post shows it any more. */
export async function removeImageIfUnused(database: Database, dataDir: string, image: string | null): Promise<void> {
  const name = uploadedImageName(image);
  if (!name || (await isImageUsed(database, image as string))) return;
  await fs.rm(path.join(blogImageDir(dataDir), name), { force: true });
}

/**
 * Removes uploads no post shows that are older than `olderThan` (an upload whose post was
 * never saved, or one left behind when two edits crossed). Younger ones may belong to a
 * post being written. Returns how many went.
 */
export async function pruneUnusedBlogImages(database: Database, dataDir: string, olderThan: number): Promise<number> {
  const dir = blogImageDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!BLOG_IMAGE_NAME.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && stat.mtimeMs < olderThan) old.push(name);
  }
  let removed = 0;
  for (let start = 0; start < old.length; start += 100) {
    const batch = old.slice(start, start + 100);
    const used = await imagesInUse(database, batch.map(blogImageAddress));
    for (const name of batch) {
      if (used.has(blogImageAddress(name))) continue;
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
