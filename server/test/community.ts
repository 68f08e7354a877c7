import { upsertArticles } from "../modules/articles/repository.ts";
import type { HubOptions } from "../modules/community/notification-hub.ts";
import { joinAsMember } from "./accounts.ts";
import { useTestApp } from "./app.ts";
import type { TestDatabaseTarget } from "./databases.ts";
import { testItem } from "./items.ts";

export type Member = Awaited<ReturnType<typeof joinAsMember>>;

/** The articles every community test file finds stored: a1 … a9 at https://news.example/aN. */
export const article = (n: number) => `https://news.example/a${n}`;

/**
 * For a comments or notifications test file, per database: the real app on a fresh
 * database holding articles a1…a9, its notification streams polling every 50 ms.
 */
export function communityTestApp(target: TestDatabaseTarget, streams: HubOptions = { pollMs: 50 }) {
  const setup = useTestApp(target, {
    notificationStreams: streams,
    seed: (database) => {
      const now = Date.now();
      const items = Array.from({ length: 9 }, (_, i) =>
        testItem(`a${i + 1}`, i + 1, now, { title: `Article ${i + 1}` }),
      );
      return upsertArticles(database, "bitcoin", items, now);
    },
  });

  const as = (member: Member | null) => (member ? { cookies: member.cookies } : {});
  return {
    get app() {
      return setup.app;
    },
    get handle() {
      return setup.handle;
    },
    join: (name?: string) => joinAsMember(setup.app, setup.database, name),
    /** POST /api/comments as this member (null: as a visitor). */
    comment: (member: Member | null, contentId: string, content: string) =>
      setup.app.inject({ method: "POST", url: "/api/comments", payload: { contentId, content }, ...as(member) }),
    edit: (member: Member | null, id: string, content: string) =>
      setup.app.inject({ method: "PATCH", url: `/api/comments/${id}`, payload: { content }, ...as(member) }),
    remove: (member: Member | null, id: string, cookies?: Record<string, string>) =>
      setup.app.inject({ method: "DELETE", url: `/api/comments/${id}`, ...(cookies ? { cookies } : as(member)) }),
    comments: (contentId: string, query = "") =>
      setup.app.inject({ method: "GET", url: `/api/comments?contentId=${encodeURIComponent(contentId)}${query}` }),
    notifications: (member: Member, query = "") =>
      setup.app.inject({ method: "GET", url: `/api/notifications${query}`, cookies: member.cookies }),
    favorite: (member: Member, link: string) =>
      setup.app.inject({ method: "PUT", url: "/api/favorites", payload: { link }, cookies: member.cookies }),
  };
}
