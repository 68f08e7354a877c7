/** Calling server processes from outside (JSON, cookies) and reading their event streams: the cluster benchmark and the hardening suite. */
import { sleep } from "./server-process.ts";

export type Answer = {
  status: number;
  body: unknown;
  upstream: string | null;
  retryAfter: string | null;
  cookies: Record<string, string>;
};

export async function call(
  origin: string,
  pathname: string,
  init: { method?: string; body?: unknown; cookie?: string; signal?: AbortSignal } = {},
) {
  const response = await fetch(`${origin}${pathname}`, {
    method: init.method ?? "GET",
    signal: init.signal,
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return {
    status: response.status,
    body,
    upstream: response.headers.get("x-upstream"),
    retryAfter: response.headers.get("retry-after"),
    cookies,
  } as Answer;
}

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Signs the admin in; returns the cookie header that carries the admin session. */
export async function adminSignIn(origin: string, password: string): Promise<string> {
  const login = expectStatus(
    await call(origin, "/api/admin/login", { method: "POST", body: { password } }),
    204,
    "admin sign-in",
  );
  return Object.entries(login.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

export type JoinedMember = { id: string; handle: string; cookie: string };

/** A new member, as people join: an invitation made by the admin, then the sign-up with it. */
export async function joinThroughInvite(
  origin: string,
  adminCookie: string,
  handle: string,
  password: string,
): Promise<JoinedMember> {
  const invite = expectStatus(
    await call(origin, "/api/admin/invites", { method: "POST", body: { note: "test member" }, cookie: adminCookie }),
    201,
    "invite",
  );
  const joined = expectStatus(
    await call(origin, "/api/auth/signup", {
      method: "POST",
      body: { inviteCode: (invite.body as { code: string }).code, handle, password },
    }),
    201,
    `sign-up of ${handle}`,
  );
  return {
    id: (joined.body as { user: { id: string } }).user.id,
    handle,
    cookie: `gemwire_session=${joined.cookies.gemwire_session}`,
  };
}

/** An event stream read as it comes: every event's name and data, and a way to wait for one. */
export async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
  const events: Array<{ event: string; data: string; at: number }> = [];
  const upstream = response.headers.get("x-upstream");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trim())
              .join("\n");
          if (block.trim()) events.push({ event: field("event") || "message", data: field("data"), at: Date.now() });
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    upstream,
    events,
    async until(event: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find((e) => e.event === event);
        if (found) return found;
        await sleep(50);
      }
      return undefined;
    },
    close: () => controller.abort(),
  };
}
