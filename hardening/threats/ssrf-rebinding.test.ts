/**
 * T5 DNS answers that change between check and connect, swept over every way Gemwire
 * reaches out (ssrf-entry-points.ts): a name that answers public, then private (or both
 * at once) only ever reaches the public server; the canary on every local address never
 * sees a connection.
 */
import { describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { PUBLIC_ADDRESS } from "./outbound-internet.ts";
import { ENTRY_POINTS } from "./ssrf-entry-points.ts";
import { useSsrfHarness } from "./ssrf-harness.ts";

describe.each(testDatabaseTargets())("T3–T5 outbound requests on $dialect", (target) => {
  const h = useSsrfHarness(target);

  describe("T5 DNS answers that change between check and connect", () => {
    const rebinds: Array<{ label: string; answer: (lookup: number) => Array<{ address: string; family: number }> }> = [
      {
        label: "public at the first look-up, loopback after",
        answer: (n) => [{ address: n === 1 ? PUBLIC_ADDRESS : "127.0.0.1", family: 4 }],
      },
      {
        label: "public and loopback by turns",
        answer: (n) => [{ address: n % 2 === 1 ? PUBLIC_ADDRESS : "127.0.0.1", family: 4 }],
      },
      {
        label: "loopback first, then public",
        answer: (n) => [{ address: n % 2 === 1 ? "127.0.0.1" : PUBLIC_ADDRESS, family: 4 }],
      },
      {
        label: "loopback and public in one answer",
        answer: () => [
          { address: "127.0.0.1", family: 4 },
          { address: "::1", family: 6 },
          { address: PUBLIC_ADDRESS, family: 4 },
        ],
      },
      {
        label: "IPv4-mapped loopback and public in one answer",
        answer: () => [
          { address: "::ffff:127.0.0.1", family: 6 },
          { address: PUBLIC_ADDRESS, family: 4 },
        ],
      },
    ];

    for (const [name, make] of ENTRY_POINTS) {
      it(`${name} connects only to the address it checked`, async ({ task }) => {
        const entry = make(h);
        const canaryBefore = h.net.canaryConnections.length;
        const requests = scale(2, 12);
        let sent = 0;
        for (const [r, rebind] of rebinds.entries()) {
          const host = `rebind-${h.feedNumber++}-${r}.test`;
          h.net.rebind(host, rebind.answer);
          // The public server closes every connection, so each request looks the name up again.
          const paths = Array.from({ length: requests }, (_, i) => `/t5-${host}-${i}.xml`);
          for (const p of paths) {
            h.net.route(p, (_request, response) =>
              response.writeHead(404, { connection: "close", "content-type": "text/plain" }).end("gone"),
            );
          }
          const said = await entry.ask(paths.map((p) => `http://${host}:${h.net.sitePort}${p}`));
          expect(said).toHaveLength(requests);
          expect(h.net.lookups(host), rebind.label).toBeGreaterThanOrEqual(1);
          // The public half of each answer was reached: the name did resolve, to the checked address.
          expect(
            paths.reduce((sum, p) => sum + h.net.hits(p), 0),
            rebind.label,
          ).toBeGreaterThan(0);
          sent += requests;
        }
        // Every request reached the public server or was refused; none reached loopback.
        expect(h.net.canaryConnections.slice(canaryBefore)).toEqual([]);
        tried(task, "dns", sent);
      });
    }
  });
});
