import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { fieldErrors } from "./field-errors.ts";

const invalid = (message: string) => new ApiError(400, "invalid_request", message);

describe("fieldErrors", () => {
  it.each([
    [
      "one field",
      "Invalid request. body.website: website must be an http(s) address",
      { fields: { website: "website must be an http(s) address" }, other: null },
    ],
    [
      "several fields, nested ones by their dotted path",
      "Invalid request. body.location.city: City is required; body.endDate: End date must be after start date",
      {
        fields: { "location.city": "City is required", endDate: "End date must be after start date" },
        other: null,
      },
    ],
    [
      "the first message of a field that has two",
      "Invalid request. body.title: Title is required; body.title: Too long",
      { fields: { title: "Title is required" }, other: null },
    ],
    [
      "an issue that names no body field, kept for the form",
      "Invalid request. body.tags: At most 20 tags; querystring.x: bad",
      { fields: { tags: "At most 20 tags" }, other: "Invalid request. querystring.x: bad" },
    ],
    ["a bare 'Invalid request'", "Invalid request", { fields: {}, other: "Invalid request" }],
  ])("reads %s", (_, message, expected) => {
    expect(fieldErrors(invalid(message))).toEqual(expected);
  });

  it("leaves any other failure to the form as a whole", () => {
    expect(fieldErrors(new ApiError(401, "unauthenticated", "User not authenticated"))).toEqual({
      fields: {},
      other: "User not authenticated",
    });
    expect(fieldErrors(new ApiError(400, "invalid_request", "End date must be after start date"))).toEqual({
      fields: {},
      other: "End date must be after start date",
    });
    expect(fieldErrors(null)).toEqual({ fields: {}, other: null });
  });
});
