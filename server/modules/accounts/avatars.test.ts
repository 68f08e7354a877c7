import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processAvatar } from "./avatars.ts";

describe("processAvatar", () => {
  it("leaves no libvips operation cache or thread pool behind (one picture at a time needs neither)", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#10b981" } })
      .png()
      .toBuffer();
    const webp = await processAvatar(png);
    expect((await sharp(webp).metadata()).format).toBe("webp");
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(sharp.concurrency()).toBe(1);
  });
});
