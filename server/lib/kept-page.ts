import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Smaller answers go out as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A page of stories as it is sent: its JSON bytes, its ETag, and its compressed forms,
 * each made on first request and then kept with the page — so a page asked for again
 * costs neither serialising nor compressing.
 */
export class KeptPage {
  private readonly encoded = new Map<Exclude<Encoding, "identity">, Buffer>();

  constructor(
    readonly json: Buffer,
    readonly etag: string,
  ) {}

  /** The encoding to send to a client that accepts `acceptEncoding`, and the bytes in it. */
  body(acceptEncoding: string | undefined): { encoding: Encoding; bytes: Buffer } {
    const encoding = this.json.length < COMPRESS_FROM_BYTES ? "identity" : chooseEncoding(acceptEncoding);
    if (encoding === "identity") return { encoding, bytes: this.json };
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotliCompressSync(this.json, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : gzipSync(this.json);
      this.encoded.set(encoding, bytes);
    }
    return { encoding, bytes };
  }
}

/** Brotli, else gzip, when the Accept-Encoding header accepts it (a q of 0 refuses); else none. */
export function chooseEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((text) => text.trim());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}
