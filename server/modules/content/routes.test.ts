import { describe, expect, it } from "vitest";
import { eventsSchema } from "../../../contracts/content.ts";
import { withTestApp } from "../../test/app.ts";

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

  it("is behind sign-in with ACCESS_MODE=members", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app) => {
      const response = await app.inject({ method: "GET", url: "/api/events" });
      expect(response.statusCode).toBe(401);
    });
  });
});
