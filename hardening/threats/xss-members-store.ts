/**
 * The texts xss-members.test.ts reads back: every hostile payload stored through the API
 * in every place a member or the admin writes text, and where each must come back, as
 * written. Apart from the test so the test reads as what it checks.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { cookieOf, TEST_PASSWORD } from "../../server/test/accounts.ts";
import type { MarkupPayload } from "../payloads.ts";

export type Place = {
  /** What the person wrote, and where it was stored. */
  label: string;
  payload: MarkupPayload;
  /** The text as it must come back (trimmed, as every text field is). */
  text: string;
};

export const expectStatus = (response: LightMyRequestResponse, status: number, what: string) =>
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(status);

/**
 * For each payload: a member whose display name is the payload, who comments it on
 * `article` (@mentioning the victim), edits the comment and comments on a blog post the
 * admin made of it; an event and an invitation note made of it. Each sign-up comes from
 * `nextAddress()`. Returns every text stored, with what it must read back as.
 */
export async function storeMemberPayloads(
  app: FastifyInstance,
  database: Database,
  options: {
    markup: readonly MarkupPayload[];
    article: string;
    admin: Record<string, string>;
    nextAddress: () => string;
  },
) {
  const { markup, article, admin, nextAddress } = options;
  const send = (request: InjectOptions) => app.inject(request);
  const stored: Place[] = [];
  const blogSlugs: string[] = [];
  const commentIds: string[] = [];
  const authors: Array<Record<string, string>> = [];
  for (const payload of markup) {
    const text = payload.text.trim();
    // One-line fields refuse tabs and line breaks (contracts/text.ts); they get the payload with spaces.
    const line = text.replace(/\s+/g, " ");
    // A member whose display name is the payload, commenting it and @mentioning the victim.
    const { code } = await createInvite(database, {});
    const joined = await send({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: `author_${payload.marker}`, password: TEST_PASSWORD, username: "x" },
      remoteAddress: nextAddress(),
    });
    expectStatus(joined, 201, "sign-up");
    const author = { gemwire_session: cookieOf(joined, "gemwire_session")?.value ?? "" };
    authors.push(author);
    expectStatus(
      await send({ method: "PATCH", url: "/api/me", payload: { username: line.slice(0, 50) }, cookies: author }),
      200,
      "display name",
    );
    stored.push({ label: "display name", payload, text: line.slice(0, 50).trim() });
    if (line !== text) {
      const refused = await send({ method: "PATCH", url: "/api/me", payload: { username: text }, cookies: author });
      expectStatus(refused, 400, "display name with a control character");
    }
    const comment = await send({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: article, content: `${text} @victim` },
      cookies: author,
    });
    expectStatus(comment, 201, "comment");
    commentIds.push(comment.json().id);
    // Edited, the comment's second text is the payload again, doubled.
    expectStatus(
      await send({
        method: "PATCH",
        url: `/api/comments/${comment.json().id}`,
        payload: { content: `${text}\n\n${text} @victim` },
        cookies: author,
      }),
      200,
      "comment edit",
    );
    stored.push({ label: "edited comment", payload, text: `${text}\n\n${text} @victim` });
    // The mention's notification previews the comment as it stands: its first 50 characters,
    // spaces flattened, cut as text (not at a tag).
    const flat = `${text} ${text} @victim`.replace(/\s+/g, " ");
    stored.push({
      label: "notification preview",
      payload,
      text: flat.length > 50 ? `${flat.slice(0, 50)}...` : flat,
    });

    // The admin's text: a blog post and an event made of the payload, an invitation noting it.
    const post = await send({
      method: "POST",
      url: "/api/admin/blog",
      payload: {
        title: `${payload.marker} ${line}`.slice(0, 200),
        excerpt: text,
        content: `${text}\n\n${payload.marker} second paragraph`,
        author: line.slice(0, 100),
        tags: [line.replaceAll(",", " ").slice(0, 40)],
      },
      cookies: admin,
    });
    expectStatus(post, 201, "blog post");
    blogSlugs.push(post.json().slug);
    stored.push({ label: "blog post title", payload, text: `${payload.marker} ${line}`.slice(0, 200).trim() });
    stored.push({ label: "blog post excerpt", payload, text });
    stored.push({ label: "blog post author", payload, text: line.slice(0, 100).trim() });
    const commentOnPost = await send({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: post.json().url, content: text },
      cookies: author,
    });
    expectStatus(commentOnPost, 201, "comment on a blog post");
    const event = await send({
      method: "POST",
      url: "/api/admin/events",
      payload: {
        title: line.slice(0, 200),
        description: `${text}\n${payload.marker}`,
        startDate: "2027-03-01T10:00:00.000Z",
        endDate: "2027-03-02T18:00:00.000Z",
        location: { city: line.slice(0, 100), country: line.slice(0, 100) },
        website: "https://event.example/",
      },
      cookies: admin,
    });
    expectStatus(event, 201, "event");
    stored.push({ label: "event title", payload, text: line.slice(0, 200).trim() });
    stored.push({ label: "event city", payload, text: line.slice(0, 100).trim() });
    const invite = await send({
      method: "POST",
      url: "/api/admin/invites",
      payload: { note: line.slice(0, 200) },
      cookies: admin,
    });
    expectStatus(invite, 201, "invitation");
    stored.push({ label: "invitation note", payload, text: line.slice(0, 200).trim() });
  }
  return { stored, blogSlugs, commentIds, authors };
}

/** Every string anywhere in `value`, into `into`. */
export function collectStrings(value: unknown, into: string[] = []): void {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) collectStrings(item, into);
}
