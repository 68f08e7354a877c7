import http from "node:http";
import { vi } from "vitest";

export type StreamEvent = { id?: string; event: string; data: unknown };

/** The parts of an answer the tests look at. */
type Answer = { status: number; headers: { get(name: string): string | null }; body: NodeJS.ReadableStream };

/**
 * GET over a socket of its own (no pool), closed with the request. Not fetch(): undici
 * answers an aborted streaming fetch by opening a fresh connection it never uses
 * (nodejs/undici#5845), and the server's close() then waits for it until its header
 * timeout.
 */
export function get(url: string, headers: Record<string, string> = {}) {
  let request: http.ClientRequest | undefined;
  const answered = new Promise<Answer>((resolve, reject) => {
    request = http.get(url, { headers, agent: false }, (response) =>
      resolve({
        status: response.statusCode ?? 0,
        headers: {
          get: (name) => {
            const value = response.headers[name.toLowerCase()];
            return value === undefined ? null : String(value);
          },
        },
        body: response,
      }),
    );
    request.on("error", reject);
  });
  return { answered, destroy: () => request?.destroy() };
}

/** The whole body of a short answer, as JSON. */
export async function json(answer: Answer): Promise<unknown> {
  let text = "";
  for await (const chunk of answer.body) text += chunk.toString();
  return JSON.parse(text);
}

/**
 * Opens a server-sent event stream over a real socket, as a browser's EventSource would,
 * and collects what arrives: events (parsed) and comment lines.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const connection = get(url, headers);
  const response = await connection.answered;
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let ended = false;
  const decoder = new TextDecoder();
  let buffer = "";
  const take = (block: string) => {
    const event: StreamEvent = { event: "message", data: undefined };
    let data: string | undefined;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      const at = line.indexOf(": ");
      const [field, value] = at < 0 ? [line, ""] : [line.slice(0, at), line.slice(at + 2)];
      if (field === "id") event.id = value;
      if (field === "event") event.event = value;
      if (field === "data") data = data === undefined ? value : `${data}\n${value}`;
      if (field === "retry") retries.push(Number(value));
    }
    if (data !== undefined) events.push({ ...event, data: JSON.parse(data) });
  };
  const pumped = (async () => {
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Buffer, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Destroyed by close().
    } finally {
      ended = true;
    }
  })();
  return {
    response,
    events,
    comments,
    retries,
    /** The `notification` events' data so far. */
    notifications: () => events.filter((event) => event.event === "notification"),
    get ended() {
      return ended;
    },
    /** Waits until `check` passes (it throws until then). */
    until: (check: () => void, timeout = 5_000) => vi.waitFor(check, { timeout, interval: 20 }),
    /** Resolves once the server has ended the stream. */
    finished: pumped,
    close: async () => {
      connection.destroy();
      await pumped;
    },
  };
}
