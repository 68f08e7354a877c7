/**
 * T3: the sweeps of ssrf-addresses, ssrf-redirects and ssrf-rebinding cover every fetcher.
 * The list of entry points (ssrf-entry-points.ts) is checked against the code: a server
 * file that starts fetching without being swept fails here, and nothing but the guarded
 * client reaches out.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRY, ENTRY_POINTS, FETCHING_FILES, TRUSTED_LLM } from "./ssrf-entry-points.ts";

/** The entry points the sweeps go through. */
const swept = new Set(ENTRY_POINTS.map(([name]) => name));

describe("T3 SSRF: the sweep covers every fetcher", () => {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const serverFiles = (fs.readdirSync(path.join(root, "server"), { recursive: true }) as string[])
    .map((file) => `server/${file.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(".ts") && !/\.test\.ts$|\/test\/|\/fixtures\//.test(file));
  const source = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

  it("every server file that imports the guarded client or makes one is swept above (or trusted by design)", () => {
    const makesClients = /\bcreate(GuardedFetch|PageFetch|PageClients|MemberFeedFetch)\(/;
    const fetching = serverFiles.filter((file) => {
      if (file === "server/outbound/guarded-fetch.ts") return false;
      const text = source(file);
      return /from "[./]*(?:\/?outbound\/)?guarded-fetch\.ts"/.test(text) || makesClients.test(text);
    });
    expect(fetching.sort()).toEqual(Object.keys(FETCHING_FILES).sort());
    // And every entry point those files are listed for has its sweeps (ssrf-entry-points.ts).
    expect([...swept].sort()).toEqual(Object.values(ENTRY).sort());
  });

  it("only the LLM client may reach any address, and nothing reaches out but the guarded client", () => {
    for (const file of serverFiles) {
      const text = source(file);
      if (/allowPrivate:\s*true/.test(text)) expect(FETCHING_FILES[file], file).toContain(TRUSTED_LLM);
      if (file === "server/outbound/guarded-fetch.ts") continue;
      // No other HTTP client, socket or global fetch in the server.
      expect(text, file).not.toMatch(
        /from "undici"|[^.\w]fetch\(|\b(?:net|tls)\.connect\(|\bhttps?\.(?:request|get)\(/,
      );
      for (const [, names, module] of text.matchAll(
        /^import\s+(?!type\b)\{([^}]*)\}\s+from\s+"(?:node:)?(http|https|net|tls|dgram|http2)"/gm,
      )) {
        const values = (names as string)
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith("type "));
        expect(values, `${file} imports from ${module}`).toEqual(
          values.filter((name) => ["isIP", "isIPv4", "isIPv6", "BlockList", "STATUS_CODES"].includes(name)),
        );
      }
    }
  });
});
