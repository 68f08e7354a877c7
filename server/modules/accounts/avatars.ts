import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { reencodeImage } from "../../lib/images.ts";

const AVATAR_SIZE = 512;
export const AVATAR_NAME = /^[0-9a-f-]{36}\.webp$/;

/**
 * Turns an uploaded picture into a fresh square WebP, 512 px or the picture's shorter side
 * when smaller (never enlarged): checked by its bytes, decoded with a pixel cap,
 * re-encoded so no metadata or trailing payload survives.
 */
export function processAvatar(bytes: Buffer): Promise<Buffer> {
  return reencodeImage(bytes, ["png", "jpeg", "gif"], (image, { width, height }) => {
    const side = Math.min(AVATAR_SIZE, width, height);
    return image.resize(side, side, { fit: "cover" });
  });
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
