import type { ReactNode } from "react";
import type { Me, Member } from "../../../../contracts/accounts.ts";
import type { Comment, Notification } from "../../../../contracts/community.ts";
import { renderAt } from "../../../test/render.tsx";

export const satoshi: Member = { id: "u1", handle: "satoshi", username: null, email: null, avatar: null };
export const hal: Member = { id: "u2", handle: "hal", username: "Hal Finney", email: null, avatar: null };
export const asMember = (user: Member, admin = false): Me => ({ user, admin });
export const visitor: Me = { user: null, admin: false };

const ARTICLE = "https://news.example/bitcoin-record";

/** A comment as the API sends it; by default hal's, posted a minute ago on the sample article. */
export function comment(over: Partial<Comment> = {}): Comment {
  return {
    id: "c1",
    contentId: ARTICLE,
    contentTitle: "Bitcoin hits record high",
    username: "Hal Finney",
    handle: "hal",
    avatar: null,
    content: "Running bitcoin",
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    editedAt: null,
    ...over,
  };
}

/** A notification as the API sends it; by default an unread 'New Comment' numbered 1. */
export function notification(over: Partial<Notification> = {}): Notification {
  return {
    id: "n1",
    seq: 1,
    kind: "comment",
    title: "New Comment",
    description: "Running bitcoin",
    read: false,
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    target: "/blurts?comment=c1",
    ...over,
  };
}

/** Renders `ui` at `at` with a fresh query client that knows who is signed in. */
export function renderWith(
  ui: ReactNode,
  { me = visitor, at = "/", extra }: { me?: Me; at?: string; extra?: ReactNode } = {},
) {
  return renderAt(ui, { me, at, extra });
}

/** The URLs fetch was called with, in order. */
export const urls = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.map(([url]) => String(url));
