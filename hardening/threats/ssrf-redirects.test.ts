/**
 * T4 redirects, swept over every way Gemwire reaches out (ssrf-entry-points.ts): a public
 * server answers each redirect status with every private or disguised address form
 * (outbound-internet.ts), and each is refused at the hop, the canary untouched.
 */
import { describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { scale } from "../scale.ts";
import { ADDRESS_FORMS } from "./outbound-internet.ts";
import { ENTRY_POINTS } from "./ssrf-entry-points.ts";
import { REDIRECTS, useSsrfHarness } from "./ssrf-harness.ts";

describe.each(testDatabaseTargets())("T3–T5 outbound requests on $dialect", (target) => {
  const h = useSsrfHarness(target);

  describe("T4 redirects: a public server redirecting to a private address is refused at the hop", () => {
    for (const [name, make] of ENTRY_POINTS) {
      it(`${name} refuses every redirect to every form`, async ({ task }) => {
        const entry = make(h);
        const forms = ADDRESS_FORMS;
        const cases = forms.flatMap((form, i) =>
          scale([REDIRECTS[i % REDIRECTS.length] as number], [...REDIRECTS]).map((status) => ({ form, status })),
        );
        const prefix = `/t4-${h.feedNumber++}`;
        const hops = cases.map(({ form, status }, i) => {
          const hop = `${prefix}/${status}/${i}`;
          h.net.route(hop, (_request, response) =>
            response.writeHead(status, { location: h.net.at(form, `/after-${i}.xml`) }).end(),
          );
          return hop;
        });
        // The hop is the address asked for (for the relays' sweep, the relay).
        const urls = hops.map((hop) => `${h.net.origin}${hop}`);
        await h.expectRefused(
          task,
          "redirect",
          entry,
          urls,
          cases.map(({ form, status }) => `${status} to ${form.label}`),
        );
        // Each first hop was reached: the refusal came at the redirect.
        for (const hop of hops) expect(h.net.hits(hop), hop).toBeGreaterThanOrEqual(1);
      });
    }
  });
});
