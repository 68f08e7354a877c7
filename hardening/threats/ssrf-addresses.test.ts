/**
 * T3 server-side request forgery, swept over every way Gemwire reaches out
 * (ssrf-entry-points.ts): every private or disguised address form (outbound-internet.ts)
 * is asked for directly and refused for where it points, also with
 * ALLOW_PRIVATE_SOURCES=1 where it must not apply; event picture addresses are saved and
 * never fetched. A canary on every local address must never see a connection.
 */
import { describe, expect, it } from "vitest";
import { openSession } from "../../server/lib/sessions/sessions.ts";
import { upsertArticles } from "../../server/modules/articles/repository.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { testItem } from "../../server/test/items.ts";
import { tried } from "../tally.ts";
import { ADDRESS_FORMS } from "./outbound-internet.ts";
import { ENTRY_POINTS } from "./ssrf-entry-points.ts";
import { answerOf, REFUSED_AS_PRIVATE, useSsrfHarness } from "./ssrf-harness.ts";

describe.each(testDatabaseTargets())("T3–T5 outbound requests on $dialect", (target) => {
  const h = useSsrfHarness(target);

  describe("T3 SSRF: every private or disguised address is refused", () => {
    for (const [name, make] of ENTRY_POINTS) {
      it(`${name} refuses all ${ADDRESS_FORMS.length} address forms`, async ({ task }) => {
        const entry = make(h);
        const forms = ADDRESS_FORMS;
        // Each form at a path of its own: two spellings of one address are still two feeds.
        const urls = forms.map((form, i) => h.net.at(form, `/t3-${i}.xml`));
        await h.expectRefused(
          task,
          "ssrf",
          entry,
          urls,
          forms.map((form) => form.label),
        );
      });
    }

    it("members' feeds, the reader view and analysis refuse them with ALLOW_PRIVATE_SOURCES=1 too (system resolver)", async ({
      task,
    }) => {
      const forms = ADDRESS_FORMS.filter((form) => !form.needsResolver);
      const canaryBefore = h.net.canaryConnections.length;
      for (const [i, form] of forms.entries()) {
        const url = h.net.at(form, `/t3-setting-${i}.xml`);
        expect(answerOf(await h.add(h.settingOn, url)), form.label).toMatch(REFUSED_AS_PRIVATE);
        const analysed = await h.settingOn.inject({
          method: "GET",
          url: `/api/analysis?url=${encodeURIComponent(url)}`,
          remoteAddress: h.nextAddress(),
        });
        expect(answerOf(analysed), form.label).toMatch(REFUSED_AS_PRIVATE);
        const now = Date.now();
        await upsertArticles(h.handle.database, "bitcoin", [testItem(`setting-${i}`, 1, now, { link: url })], now);
        const read = await h.settingOn.inject({
          method: "GET",
          url: `/api/reader?url=${encodeURIComponent(url)}`,
          remoteAddress: h.nextAddress(),
        });
        expect(`${read.json().status}: ${read.json().reason}`, form.label).toMatch(
          /^failed: .*private or local network/,
        );
      }
      expect(h.net.canaryConnections.slice(canaryBefore)).toEqual([]);
      tried(task, "ssrf", forms.length * 3);
    });

    it("event image and website addresses are saved as written and never fetched by the server", async ({ task }) => {
      const session = await openSession(h.handle.database, { admin: true });
      const canaryBefore = h.net.canaryConnections.length;
      const saved: string[] = [];
      for (const [i, form] of ADDRESS_FORMS.entries()) {
        const address = `https://${form.host}:${h.net.canaryPort}/picture-${i}.png`;
        const response = await h.pages.inject({
          method: "POST",
          url: "/api/admin/events",
          cookies: { gemwire_admin: session },
          payload: {
            title: `Meetup ${i}`,
            description: "A meetup",
            startDate: "2030-01-01T10:00:00.000Z",
            endDate: "2030-01-01T12:00:00.000Z",
            location: { city: "Lisbon", country: "Portugal" },
            website: address.replace(".png", ".html"),
            imageUrl: address,
          },
        });
        expect(response.statusCode, `${form.label}: ${response.body}`).toBe(201);
        saved.push(response.json().imageUrl);
      }
      // The visitor's browser loads pictures (img-src https:); the server only lists the addresses.
      const listed = (await h.pages.inject({ method: "GET", url: "/api/events" })).json();
      const pictures = (listed.events as Array<{ imageUrl: string | null }>).map((event) => event.imageUrl);
      for (const picture of saved) expect(pictures).toContain(picture);
      expect(h.net.canaryConnections.slice(canaryBefore)).toEqual([]);
      tried(task, "ssrf", ADDRESS_FORMS.length);
    });
  });
});
