import type { Event, EventInput } from "../../../contracts/content.ts";
import { eventLocations } from "../../../contracts/content-catalog.ts";

/** The event form as typed: dates as `datetime-local` values, the place as a list choice. */
export type EventFormValues = {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  /** A `locationChoice` of the list, CUSTOM, or "" before one is chosen. */
  location: string;
  city: string;
  country: string;
  website: string;
  imageUrl: string;
};

/** The select's value for 'Custom Location' (free city and country). */
export const CUSTOM = "custom";

export const emptyEventValues: EventFormValues = {
  title: "",
  description: "",
  startDate: "",
  endDate: "",
  location: "",
  city: "",
  country: "",
  website: "",
  imageUrl: "",
};

/** A place of the list as the select shows it and names it: "Lisbon, Portugal", or "Online". */
export const locationChoice = (place: { city: string; country: string }) =>
  place.city === place.country ? place.city : `${place.city}, ${place.country}`;

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO date as a `datetime-local` value in the admin's time zone; "" when unreadable. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the admin's time zone) as ISO; "" when empty or unreadable. */
export function fromLocalInput(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
}

/** The form filled with a stored event: its place chosen from the list when it is one of them. */
export function valuesFromEvent(event: Event): EventFormValues {
  const listed = eventLocations.find(
    (place) => place.city === event.location.city && place.country === event.location.country,
  );
  return {
    title: event.title,
    description: event.description,
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    location: listed ? locationChoice(listed) : CUSTOM,
    city: listed ? "" : event.location.city,
    country: listed ? "" : event.location.country,
    website: event.website,
    imageUrl: event.imageUrl ?? "",
  };
}

/**
 * What the form sends, or "invalid-dates" when the start is after the end (a toast
 * and no save). Other rules (required fields, addresses) are the browser's and the server's.
 */
export function eventSubmission(values: EventFormValues): EventInput | "invalid-dates" {
  const startDate = fromLocalInput(values.startDate);
  const endDate = fromLocalInput(values.endDate);
  if (startDate && endDate && Date.parse(startDate) > Date.parse(endDate)) return "invalid-dates";
  const listed = eventLocations.find((place) => locationChoice(place) === values.location);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startDate,
    endDate,
    location: listed ? { ...listed } : { city: values.city.trim(), country: values.country.trim() },
    website: values.website.trim(),
    imageUrl: values.imageUrl.trim() || null,
  };
}
