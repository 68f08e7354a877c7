/*
 * The admin's tabs live in the address: `?tab=` picks one (Events List when
 * absent); `?edit={id}` opens the event form on that event, and with `type=blog` the blog
 * form on that post; `?q=` holds a list's search. Reading is forgiving: a value we would not
 * write counts as the default.
 */

export const adminTabs = ["events", "add-event", "blogs", "add-blog", "invitations", "analytics"] as const;
export type AdminTab = (typeof adminTabs)[number];

export type AdminParams = { tab: AdminTab; editEvent: string | null; editPost: string | null; q: string };

const isTab = (value: string | null): value is AdminTab => adminTabs.includes(value as AdminTab);
/** An id as the API hands them out: short, printable, no spaces. */
const ID = /^[\w-]{1,64}$/;

export function readAdminParams(params: URLSearchParams): AdminParams {
  const edit = params.get("edit");
  if (edit !== null && ID.test(edit)) {
    const blog = params.get("type") === "blog";
    return { tab: blog ? "add-blog" : "add-event", editEvent: blog ? null : edit, editPost: blog ? edit : null, q: "" };
  }
  const tab = params.get("tab");
  const listed = isTab(tab) && (tab === "events" || tab === "blogs");
  return {
    tab: isTab(tab) ? tab : "events",
    editEvent: null,
    editPost: null,
    q: listed ? (params.get("q") ?? "").trim() : "",
  };
}

/** A tab's label: 'Events List', 'Add Event' / 'Edit Event', 'Blogs List', 'Add Blog', Invitations or Analytics. */
export function adminTabLabel(tab: AdminTab, current: AdminParams): string {
  switch (tab) {
    case "events":
      return "Events List";
    case "add-event":
      return current.editEvent ? "Edit Event" : "Add Event";
    case "blogs":
      return "Blogs List";
    case "add-blog":
      return current.editPost ? "Edit Blog" : "Add Blog";
    case "invitations":
      return "Invitations";
    case "analytics":
      return "Analytics";
  }
}
