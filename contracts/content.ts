import { z } from "zod";

/** Spec §3 Event. */
export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startDate: z.string().describe("ISO-8601"),
    endDate: z.string().describe("ISO-8601"),
    location: z.object({ city: z.string(), country: z.string() }),
    website: z.url({ protocol: /^https?$/ }),
    imageUrl: z.url({ protocol: /^https?$/ }).nullable(),
  })
  .meta({ id: "Event" });

export type Event = z.infer<typeof eventSchema>;

export const eventsSchema = z.object({
  events: z.array(eventSchema).describe("Sorted by start date, soonest first"),
  sample: z.boolean().describe("True while the built-in sample events stand in for the events store"),
});
