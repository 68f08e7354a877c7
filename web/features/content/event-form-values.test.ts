import { describe, expect, it } from "vitest";
import { eventLocations } from "../../../contracts/content-catalog.ts";
import {
  CUSTOM,
  emptyEventValues,
  eventSubmission,
  fromLocalInput,
  locationChoice,
  toLocalInput,
  valuesFromEvent,
} from "./event-form-values.ts";
import { event } from "./test/content.tsx";

const filled = {
  ...emptyEventValues,
  title: "  Gemwire Summit ",
  description: "Two days.",
  startDate: "2027-05-01T09:00",
  endDate: "2027-05-02T17:30",
  location: "Lisbon, Portugal",
  website: " https://summit.example ",
};

describe("the event form's values", () => {
  it("turn datetime-local values (the admin's time zone) into ISO and back", () => {
    const iso = fromLocalInput("2027-05-01T09:00");
    expect(iso).toBe(new Date(2027, 4, 1, 9, 0).toISOString());
    expect(toLocalInput(iso)).toBe("2027-05-01T09:00");
    expect(fromLocalInput("")).toBe("");
    expect(toLocalInput("not a date")).toBe("");
  });

  it("send trimmed text, ISO dates, the listed place and no image when none is given", () => {
    expect(eventSubmission(filled)).toEqual({
      title: "Gemwire Summit",
      description: "Two days.",
      startDate: new Date(2027, 4, 1, 9, 0).toISOString(),
      endDate: new Date(2027, 4, 2, 17, 30).toISOString(),
      location: { city: "Lisbon", country: "Portugal" },
      website: "https://summit.example",
      imageUrl: null,
    });
  });

  it("send the free city and country of a Custom Location", () => {
    const submission = eventSubmission({ ...filled, location: CUSTOM, city: " Porto ", country: "Portugal " });
    expect(submission).toMatchObject({ location: { city: "Porto", country: "Portugal" } });
  });

  it("refuse a start after the end, and allow them equal", () => {
    expect(eventSubmission({ ...filled, startDate: "2027-05-03T09:00", endDate: "2027-05-02T09:00" })).toBe(
      "invalid-dates",
    );
    expect(eventSubmission({ ...filled, startDate: "2027-05-02T09:00", endDate: "2027-05-02T09:00" })).not.toBe(
      "invalid-dates",
    );
  });

  it("choose a stored event's place from the list when it is listed, else Custom Location", () => {
    expect(valuesFromEvent(event()).location).toBe("Lisbon, Portugal");
    const porto = valuesFromEvent(event({ location: { city: "Porto", country: "Portugal" } }));
    expect(porto).toMatchObject({ location: CUSTOM, city: "Porto", country: "Portugal" });
  });

  it("name each listed place once, 'Online' without repeating itself", () => {
    const choices = eventLocations.map(locationChoice);
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices).toContain("Online");
  });
});
