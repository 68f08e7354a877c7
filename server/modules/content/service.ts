import type { Event } from "../../../contracts/content.ts";
import { sampleEvents } from "../../../contracts/sample-events.ts";

/**
 * Spec §7 Load events: soonest first. Until the events store exists it is empty, so the
 * built-in samples stand in, marked as such.
 */
export function listEvents(): { events: Event[]; sample: boolean } {
  const events = [...sampleEvents].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return { events, sample: true };
}
