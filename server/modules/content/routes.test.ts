import type { InjectOptions } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { type Event, eventsSchema } from "../../../contracts/content.ts";
import { withTestApp } from "../../test/app.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { insertEvent } from "./repository.ts";

const DAY = 86_400_000;

describe("events API", () => {
  it("answers the three built-in sample events, soonest first, while none are stored", async () => {
    await withTestApp({}, async (app) => {
      const response = await app.inject({ method: "GET", url: "/api/events" });
      expect(response.statusCode).toBe(200);
      const body = eventsSchema.parse(response.json());
      expect(body.sample).toBe(true);
      expect(body.events).toHaveLength(3);
      const starts = body.events.map((event) => Date.parse(event.startDate));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(body.events.map((event) => event.title)).toEqual([
        "ETHDenver 2027",
        "Bitcoin 2027",
        "Solana Breakpoint 2027",
      ]);
      for (const event of body.events) {
        expect(Date.parse(event.endDate)).toBeGreaterThan(Date.parse(event.startDate));
        expect(event.startDate.startsWith("2027-")).toBe(true);
        expect(new URL(event.website).protocol).toBe("https:");
        expect(event.imageUrl).toBeNull();
      }
    });
  });

  it("describes every events and blog call in the OpenAPI document, with its schemas", async () => {
    await withTestApp({}, async (app) => {
      const { paths } = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
      const calls: Array<[string, string, string]> = [
        ["/api/events", "get", "content"],
        ["/api/blog", "get", "content"],
        ["/api/blog/{slug}", "get", "content"],
        ["/api/blog/images/{name}", "get", "content"],
        ["/api/admin/events", "get", "admin"],
        ["/api/admin/events", "post", "admin"],
        ["/api/admin/events/{id}", "put", "admin"],
        ["/api/admin/events/{id}", "delete", "admin"],
        ["/api/admin/blog", "get", "admin"],
        ["/api/admin/blog", "post", "admin"],
        ["/api/admin/blog/{id}", "put", "admin"],
        ["/api/admin/blog/{id}", "delete", "admin"],
        ["/api/admin/blog/images", "post", "admin"],
        ["/api/admin/blog/extract", "post", "admin"],
      ];
      for (const [path, method, tag] of calls) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation.tags).toEqual([tag]);
        expect(operation.summary).toEqual(expect.any(String));
      }
      const created = paths["/api/admin/events"].post;
      expect(JSON.stringify(created.requestBody)).toContain("startDate");
      expect(JSON.stringify(created.responses["201"])).toMatch(/Event/);
      expect(JSON.stringify(paths["/api/admin/blog/extract"].post.responses["200"])).toContain("excerpt");
    });
  });

  it("is behind sign-in with ACCESS_MODE=members", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app) => {
      const response = await app.inject({ method: "GET", url: "/api/events" });
      expect(response.statusCode).toBe(401);
    });
  });
});

/** A valid event form, starting `startInDays` from now and lasting `days`. */
function eventForm(title: string, startInDays = 10, days = 2, extra: Record<string, unknown> = {}) {
  const start = Date.now() + startInDays * DAY;
  return {
    title,
    description: `About ${title}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + days * DAY).toISOString(),
    location: { city: "Lisbon", country: "Portugal" },
    website: "https://events.example/conf",
    imageUrl: null,
    ...extra,
  };
}

describe.each(testDatabaseTargets())("events store on $dialect", (target) => {
  const ctx = contentTestApp(target);
  const events = () => ctx.database.db.selectFrom("events").selectAll().execute();
  const create = (form: object): Promise<Event> =>
    ctx.admin({ method: "POST", url: "/api/admin/events", payload: form });
  const publicList = async () =>
    eventsSchema.parse((await ctx.as("visitor", { method: "GET", url: "/api/events" })).json());

  beforeEach(async () => {
    await ctx.database.db.deleteFrom("events").execute();
  });

  const writes: Array<[string, (id: string) => InjectOptions]> = [
    ["GET /api/admin/events", () => ({ method: "GET", url: "/api/admin/events" })],
    ["POST /api/admin/events", () => ({ method: "POST", url: "/api/admin/events", payload: eventForm("Sneaky") })],
    ["PUT /api/admin/events/:id", (id) => ({ method: "PUT", url: `/api/admin/events/${id}`, payload: eventForm("X") })],
    ["DELETE /api/admin/events/:id", (id) => ({ method: "DELETE", url: `/api/admin/events/${id}` })],
  ];

  it.each(writes)("%s is for the admin only: 401 for visitors and members, and nothing changes", async (_, request) => {
    const stored = await create(eventForm("Kept"));
    for (const who of ["visitor", "member"] as const) {
      const response = await ctx.as(who, request(stored.id));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: "unauthenticated", message: "Admin sign-in required" });
    }
    // Refused before the body is read: a visitor's invalid form says nothing about the rules.
    const invalid = await ctx.as("visitor", { ...request(stored.id), payload: { title: "" } });
    expect(invalid.statusCode).toBe(401);
    expect((await events()).map((row) => [row.id, row.title])).toEqual([[stored.id, "Kept"]]);
    expect((await ctx.as("admin", request(stored.id))).statusCode).toBeLessThan(300);
  });

  it("stores an event from the admin with a random id and serves it instead of the samples", async () => {
    expect((await publicList()).sample).toBe(true);
    const form = eventForm("  Bitcoin Day  ", 5, 1, {
      description: " Two days. ",
      imageUrl: "https://img.example/b.png",
    });
    const response = await ctx.as("admin", { method: "POST", url: "/api/admin/events", payload: form });
    expect(response.statusCode).toBe(201);
    const event: Event = response.json();
    expect(event).toEqual({ ...form, id: event.id, title: "Bitcoin Day", description: "Two days." });
    expect(event.id).toMatch(/^[\w-]{22}$/);
    const other = await create(eventForm("Second"));
    expect(other.id).not.toBe(event.id);
    expect(await publicList()).toEqual({ events: [event, other], sample: false });
  });

  it("refuses a start after the end with 'End date must be after start date', on create and change", async () => {
    const start = Date.now() + 10 * DAY;
    const backwards = eventForm("Backwards", 0, 0, {
      startDate: new Date(start).toISOString(),
      endDate: new Date(start - 60_000).toISOString(),
    });
    const created = await ctx.as("admin", { method: "POST", url: "/api/admin/events", payload: backwards });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toContain("body.endDate: End date must be after start date");
    expect(await events()).toEqual([]);
    const stored = await create(eventForm("Forwards"));
    const changed = await ctx.as("admin", { method: "PUT", url: `/api/admin/events/${stored.id}`, payload: backwards });
    expect(changed.statusCode).toBe(400);
    expect((await events())[0]?.title).toBe("Forwards");
    // Starting and ending at the same moment is allowed.
    const instant = eventForm("Instant", 3, 0);
    expect((await ctx.as("admin", { method: "POST", url: "/api/admin/events", payload: instant })).statusCode).toBe(
      201,
    );
  });

  it.each([
    ["no title", { title: "  " }, "body.title: Title is required"],
    ["a NUL in the title", { title: "a\u0000b" }, "body.title: Must not contain control characters"],
    ["a line break in the title", { title: "a\nb" }, "body.title: Must not contain control characters"],
    ["an escape in the description", { description: "a\u001b[31mb" }, "body.description: Must not contain control"],
    ["a title of 201 characters", { title: "x".repeat(201) }, "body.title"],
    ["a description of 5001 characters", { description: "x".repeat(5001) }, "body.description"],
    ["no city", { location: { city: "", country: "Portugal" } }, "body.location.city: City is required"],
    ["a javascript: website", { website: "javascript:alert(1)" }, "body.website: website must be an http(s) address"],
    ["a website that is no address", { website: "events" }, "body.website: website must be an http(s) address"],
    ["a data: image", { imageUrl: "data:image/png;base64,AAAA" }, "body.imageUrl: imageUrl must be an http(s)"],
    [
      "a plain http image",
      { imageUrl: "http://img.example/a.png" },
      "body.imageUrl: imageUrl must be an https address",
    ],
    ["a website of 3000 characters", { website: `https://e.example/${"a".repeat(3000)}` }, "at most 2048"],
    ["a start that is no date", { startDate: "next tuesday" }, "body.startDate: startDate must be a date"],
    ["a start in the year 10000", { startDate: "+010000-01-01T00:00:00Z" }, "between the years 1970 and 9999"],
    ["a start of 1000 digits", { startDate: "9".repeat(1000) }, "body.startDate: startDate must be a date"],
    ["a date that is a number", { startDate: 1_800_000_000_000 }, "body.startDate"],
  ])("refuses %s with 400 naming it, storing nothing", async (_, change, message) => {
    const response = await ctx.as("admin", {
      method: "POST",
      url: "/api/admin/events",
      payload: { ...eventForm("Bad"), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.json().error.message).toContain(message);
    expect(await events()).toEqual([]);
  });

  it("lists events not yet ended first (soonest start first), then past ones (most recently ended first)", async () => {
    const longAgo = await create(eventForm("Ended long ago", -30, 2));
    const recently = await create(eventForm("Ended yesterday", -3, 2));
    const later = await create(eventForm("Later", 40, 1));
    const ongoing = await create(eventForm("Ongoing", -2, 5));
    const soon = await create(eventForm("Soon", 2, 1));
    // Started earlier but ended later than "Ended yesterday": past ones go by their end.
    const longRun = await create(eventForm("Long run, ended this morning", -60, 59.8));
    const { events: listed, sample } = await publicList();
    expect(sample).toBe(false);
    expect(listed.map((event) => event.title)).toEqual(
      [ongoing, soon, later, longRun, recently, longAgo].map((event) => event.title),
    );
  });

  it("answers past events rather than the samples when every stored event has ended", async () => {
    await create(eventForm("Over", -10, 1));
    expect(await publicList()).toMatchObject({ sample: false, events: [{ title: "Over" }] });
  });

  it("carries at most 50 events, the ones not yet ended first", async () => {
    const now = Date.now();
    for (let i = 0; i < 53; i++) {
      const start = now + (i < 3 ? -(i + 5) * DAY : (i + 1) * DAY);
      await insertEvent(ctx.database, {
        id: `bulk-${String(i).padStart(2, "0")}`,
        title: `Event ${i}`,
        description: "d",
        start_date: start,
        end_date: start + DAY,
        city: "Zug",
        country: "Switzerland",
        website: "https://e.example",
        image_url: null,
        created_at: now,
        updated_at: now,
      });
    }
    const { events: listed } = await publicList();
    expect(listed).toHaveLength(50);
    expect(listed.map((event) => event.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => `bulk-${String(i + 3).padStart(2, "0")}`),
    );
  });

  it("searches the admin's list in title, description, city and country, ignoring case", async () => {
    await create(eventForm("ETHDenver", 1, 1, { location: { city: "Denver", country: "United States" } }));
    await create(eventForm("Token2049", 2, 1, { location: { city: "Singapore", country: "Singapore" } }));
    await create(eventForm("Breakpoint", 3, 1, { description: "Solana in LISBON, 100% builders" }));
    await create(eventForm("Paris Blockchain Week", 4, 1, { location: { city: "Paris", country: "France" } }));
    const search = async (q: string) => {
      const body = await ctx.admin({ method: "GET", url: `/api/admin/events?q=${encodeURIComponent(q)}` });
      return body.events.map((event: Event) => event.title);
    };
    expect(await search("ethdenver")).toEqual(["ETHDenver"]);
    expect(await search("SINGAPORE")).toEqual(["Token2049"]);
    expect(await search("france")).toEqual(["Paris Blockchain Week"]);
    expect(await search("lisbon")).toContain("Breakpoint");
    expect(await search("100%")).toEqual(["Breakpoint"]);
    expect(await search("%")).toEqual(["Breakpoint"]);
    expect(await search("_")).toEqual([]);
    expect(await search("nothing like it")).toEqual([]);
    // Newest start first.
    expect(await search("")).toEqual(["Paris Blockchain Week", "Breakpoint", "Token2049", "ETHDenver"]);
  });

  it("pages the admin's list newest start first, every event once", async () => {
    const made: Event[] = [];
    for (let i = 0; i < 5; i++) made.push(await create(eventForm(`Paged ${i}`, i, 1)));
    // Two events starting at the same moment are both listed, in a stable order.
    made.push(await create(eventForm("Same start", 4, 2)));
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = before ? `&before=${encodeURIComponent(before)}` : "";
      const body = await ctx.admin({ method: "GET", url: `/api/admin/events?limit=2${query}` });
      seen.push(...body.events.map((event: Event) => event.title));
      before = body.next;
      if (!before) break;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen)).toEqual(new Set(made.map((event) => event.title)));
    expect(seen.slice(2)).toEqual(["Paged 3", "Paged 2", "Paged 1", "Paged 0"]);
    const bad = await ctx.as("admin", { method: "GET", url: "/api/admin/events?before=yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("querystring.before: must be a page's `next`");
  });

  it("changes every field of an event, and answers 404 for an unknown one", async () => {
    const stored = await create(eventForm("Draft"));
    const form = eventForm("Final", 20, 3, { location: { city: "Dubai", country: "United Arab Emirates" } });
    const changed = await ctx.admin({ method: "PUT", url: `/api/admin/events/${stored.id}`, payload: form });
    expect(changed).toEqual({ ...form, id: stored.id });
    expect((await publicList()).events).toEqual([changed]);
    const unknown = await ctx.as("admin", { method: "PUT", url: "/api/admin/events/nope", payload: form });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Event not found");
  });

  it("deletes an event (204, then 404), and the samples return once none is left", async () => {
    const stored = await create(eventForm("Short-lived"));
    const remove = () => ctx.as("admin", { method: "DELETE", url: `/api/admin/events/${stored.id}` });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    expect(await events()).toEqual([]);
    expect((await publicList()).sample).toBe(true);
  });
});
