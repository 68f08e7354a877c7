import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { Me, Member } from "../../../contracts/accounts.ts";
import type { Comment, Notification } from "./types.ts";

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

/** Shows where the router is, so tests can read the address after a click. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `at` with a fresh query client that knows who is signed in. */
export function renderWith(
  ui: ReactNode,
  { me = visitor, at = "/", extra }: { me?: Me; at?: string; extra?: ReactNode } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(["me"], me);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <Where />
              </>
            }
          />
        </Routes>
        {extra}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

/** The URLs fetch was called with, in order. */
export const urls = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.map(([url]) => String(url));
