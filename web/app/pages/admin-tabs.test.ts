import { describe, expect, it } from "vitest";
import { adminTabLabel, readAdminParams } from "./admin-tabs.ts";

const read = (search: string) => readAdminParams(new URLSearchParams(search));

describe("the admin's address", () => {
  it("opens the Events List by default", () => {
    expect(read("")).toEqual({ tab: "events", editEvent: null, editPost: null, q: "" });
    expect(read("tab=nonsense").tab).toBe("events");
  });

  it("picks the tab named by ?tab=, with a list's search words", () => {
    expect(read("tab=blogs&q=%20gems%20")).toEqual({ tab: "blogs", editEvent: null, editPost: null, q: "gems" });
    expect(read("tab=invitations").tab).toBe("invitations");
    // Only the lists search.
    expect(read("tab=add-event&q=x").q).toBe("");
  });

  it("opens Edit Event on ?edit={id}, whatever the tab says", () => {
    const params = read("tab=blogs&edit=e1");
    expect(params).toEqual({ tab: "add-event", editEvent: "e1", editPost: null, q: "" });
    expect(adminTabLabel("add-event", params)).toBe("Edit Event");
    expect(adminTabLabel("add-blog", params)).toBe("Add Blog");
  });

  it("opens the blog form on that post with type=blog", () => {
    const params = read("edit=p1&type=blog");
    expect(params).toEqual({ tab: "add-blog", editEvent: null, editPost: "p1", q: "" });
    expect(adminTabLabel("add-blog", params)).toBe("Edit Blog");
    expect(adminTabLabel("add-event", params)).toBe("Add Event");
  });

  it("ignores an id the API would never hand out", () => {
    expect(read("edit=../../x").tab).toBe("events");
    expect(read("edit=").tab).toBe("events");
  });
});
