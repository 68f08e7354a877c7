import { PassThrough, type Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { NotificationEvent } from "../../../contracts/community.ts";
import type { Database } from "../../db/database.ts";
import { hashSessionId, openMemberSessions } from "../../lib/sessions/sessions.ts";
import { countUnread, latestSeqs, notificationsBetween } from "../notifications/index.ts";
import { notificationState } from "./notifications.ts";
import { presentNotification } from "./notifications-presenter.ts";

export type HubOptions = {
  /** How often the connected members' numbers are read while anyone is connected. */
  pollMs?: number;
  /**
   * A stream sent nothing for this long gets a `ping` event: proxies keep it open, and
   * the page, which cannot see comment lines, can tell a quiet stream from a dead one.
   */
  heartbeatMs?: number;
  /**
   * How often the streams' sessions are checked, for sessions ended by another process
   * (or expired); a sign-out or deletion through this process ends them at once.
   */
  sessionCheckMs?: number;
};

/** Most notifications a new stream catches up on; older ones are in the list. */
export const STREAM_BACKLOG = 100;
/**
 * Open streams per member in this process; a further one closes that member's oldest
 * with an `evicted` event. The page keeps one stream per browser (a leader tab), so this
 * is three browsers or devices at once; and a browser whose tabs each opened one would
 * still keep half its 6 HTTP/1.1 connections per origin for the page's requests.
 */
export const STREAMS_PER_MEMBER = 3;
/** How long the browser waits before reconnecting (the stream's `retry:`). */
const RETRY_MS = 5_000;
/** Rows read at a time when a member has many new notifications. */
const PAGE = 100;
/** Members or sessions per query. */
const CHUNK = 200;
/** A client this far behind in reading is dropped; it reconnects and resumes after its last event. */
const MAX_BUFFERED = 256 * 1024;

/** Per connection: its member, its session, the last number it was sent, when it was last written to. */
type Connection = {
  memberId: string;
  sessionHash: string;
  last: number;
  lastWrite: number;
  stream: PassThrough;
};

/**
 * Why the server ended a stream, sent as the last event before it closes (data
 * {reason}): `evicted` (the member opened more than STREAMS_PER_MEMBER: the page should
 * poll instead of reconnecting, or the two would evict each other forever) or
 * `signed-out` (the session or the account ended: the page should stop, not reconnect).
 */
type Ending =
  | { event: "evicted"; reason: "too-many-streams" }
  | { event: "signed-out"; reason: "signed-out" | "account-deleted" | "session-ended" };

const eventText = (fields: { id?: number; event: string; data: unknown }) =>
  `${fields.id === undefined ? "" : `id: ${fields.id}\n`}event: ${fields.event}\ndata: ${JSON.stringify(fields.data)}\n\n`;

/** No id: a reconnecting page still resumes after its last notification. */
const PING = eventText({ event: "ping", data: {} });

/**
 * The process's one source of notification streams. It reads only the database, so each
 * process serves its own connections whatever process (or job) made the notification.
 * While nobody is connected it has no timer; while anyone is, it reads
 * `users.notification_seq` of the connected members once per poll, then the new rows of
 * those whose number moved. Because a member's notifications commit in the order of
 * their numbers (insertNotifications), every row numbered up to a number read is
 * committed: each connection is sent the rows after its last number up to that one,
 * exactly once, in order.
 */
export class NotificationHub {
  private readonly members = new Map<string, Set<Connection>>();
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly sessionCheckMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private lastPoll = 0;
  private lastSessionCheck = Date.now();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: HubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    // One query per 200 sessions.
    this.sessionCheckMs = options.sessionCheckMs ?? 10_000;
  }

  /** How many streams are open (for tests and health). */
  get size(): number {
    let count = 0;
    for (const connections of this.members.values()) count += connections.size;
    return count;
  }

  /**
   * Opens a member's stream: `retry`, then `ready` ({unread, seq}, its id the number the
   * stream starts after), then the notifications numbered after `after` (at most
   * STREAM_BACKLOG of the newest), then new ones as they commit. Without `after` it
   * starts at the member's latest number.
   */
  async open(member: { memberId: string; sessionId: string }, after?: number): Promise<Readable> {
    if (this.closed) throw new Error("The notification hub is closed");
    const { seq, unread } = await notificationState(this.database, member.memberId);
    const start = Math.max(Math.min(after ?? seq, seq), seq - STREAM_BACKLOG, 0);
    const stream = new PassThrough();
    stream.write(`retry: ${RETRY_MS}\n\n`);
    stream.write(eventText({ id: start, event: "ready", data: { unread, seq } }));
    const connection: Connection = {
      memberId: member.memberId,
      sessionHash: hashSessionId(member.sessionId),
      last: start,
      lastWrite: Date.now(),
      stream,
    };
    let connections = this.members.get(member.memberId);
    if (!connections) {
      connections = new Set();
      this.members.set(member.memberId, connections);
    }
    if (connections.size >= STREAMS_PER_MEMBER) {
      const [oldest] = connections;
      if (oldest) this.end(oldest, { event: "evicted", reason: "too-many-streams" });
    }
    connections.add(connection);
    stream.on("close", () => this.forget(connection));
    if (start < seq) this.wake();
    else this.schedule(this.pollMs);
    return stream;
  }

  /** Polls soon rather than at the next interval: a notification was just committed here. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Bursts of writes share one poll.
    this.schedule(Math.max(0, Math.min(this.pollMs, this.lastPoll + 50 - Date.now())));
  }

  /** Ends a session's streams at once, telling each page to stop (a sign-out through this process). */
  endSession(sessionId: string): void {
    const hash = hashSessionId(sessionId);
    for (const connections of [...this.members.values()]) {
      for (const connection of [...connections]) {
        if (connection.sessionHash === hash) this.end(connection, { event: "signed-out", reason: "signed-out" });
      }
    }
  }

  /** Ends all of a member's streams at once, telling each page to stop (the account was deleted through this process). */
  endMember(memberId: string): void {
    for (const connection of [...(this.members.get(memberId) ?? [])]) {
      this.end(connection, { event: "signed-out", reason: "account-deleted" });
    }
  }

  /** Ends every stream and stops polling; the app calls it as it closes, so shutdown never waits for a stream. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const connections of this.members.values()) for (const connection of connections) connection.stream.end();
    this.members.clear();
    await this.running;
  }

  /** Closes a stream; with an ending, tells the page why first (it must not simply reconnect). */
  private end(connection: Connection, ending?: Ending): void {
    this.forget(connection);
    const { stream } = connection;
    if (stream.writableEnded || stream.destroyed) return;
    if (ending) stream.write(eventText({ event: ending.event, data: { reason: ending.reason } }));
    stream.end();
  }

  private forget(connection: Connection): void {
    const connections = this.members.get(connection.memberId);
    if (!connections) return;
    connections.delete(connection);
    if (connections.size === 0) this.members.delete(connection.memberId);
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.timer || this.running || this.members.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.poll()
        .catch((error) => this.log.warn({ err: error }, "notification stream poll failed; retrying"))
        .finally(() => {
          this.running = null;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.pollMs);
        });
    }, delayMs);
  }

  private async poll(): Promise<void> {
    this.lastPoll = Date.now();
    const asked = [...this.members.keys()];
    const seqs = await latestSeqs(this.database, asked);
    // Only the members asked about: one whose first stream opened while the query ran is
    // not in its answer, and must not be taken for a purged account (the next poll has it).
    for (const memberId of asked) {
      const connections = this.members.get(memberId);
      if (!connections) continue;
      const seq = seqs.get(memberId);
      // The member's row is gone: the account was purged.
      if (seq === undefined) {
        for (const connection of [...connections])
          this.end(connection, { event: "signed-out", reason: "account-deleted" });
        continue;
      }
      const behind = [...connections].filter((connection) => connection.last < seq);
      if (behind.length > 0) await this.deliver(memberId, behind, seq);
    }
    const now = Date.now();
    if (now - this.lastSessionCheck >= this.sessionCheckMs) {
      this.lastSessionCheck = now;
      await this.endClosedSessions(now);
    }
    for (const connections of this.members.values()) {
      for (const connection of connections) {
        if (now - connection.lastWrite >= this.heartbeatMs) this.write(connection, PING);
      }
    }
  }

  /** Sends each connection the member's notifications numbered after its last, up to `through`. */
  private async deliver(memberId: string, connections: Connection[], through: number): Promise<void> {
    let after = Math.min(...connections.map((connection) => connection.last));
    // Each event carries the unread count as of its notification.
    let unread = await countUnread(this.database, memberId, after);
    for (;;) {
      const rows = await notificationsBetween(this.database, memberId, { after, through, limit: PAGE });
      for (const row of rows) {
        if (row.read_at === null) unread++;
        const data: NotificationEvent = { notification: presentNotification(row), unread };
        const text = eventText({ id: row.seq, event: "notification", data });
        for (const connection of connections) {
          if (row.seq <= connection.last) continue;
          connection.last = row.seq;
          this.write(connection, text);
        }
      }
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) break;
      after = last.seq;
    }
    // Numbers of deleted notifications are skipped, not waited for.
    for (const connection of connections) connection.last = Math.max(connection.last, through);
  }

  private write(connection: Connection, text: string): void {
    const { stream } = connection;
    if (stream.writableEnded || stream.destroyed) return;
    if (stream.writableLength > MAX_BUFFERED) {
      this.end(connection);
      return;
    }
    stream.write(text);
    connection.lastWrite = Date.now();
  }

  /** Ends the streams whose session has ended (signed out, expired, account deleted). */
  private async endClosedSessions(now: number): Promise<void> {
    const all = [...this.members.values()].flatMap((connections) => [...connections]);
    const hashes = [...new Set(all.map((connection) => connection.sessionHash))];
    const open = new Set<string>();
    for (let start = 0; start < hashes.length; start += CHUNK) {
      for (const hash of await openMemberSessions(this.database, hashes.slice(start, start + CHUNK), now)) {
        open.add(hash);
      }
    }
    for (const connection of all) {
      if (!open.has(connection.sessionHash)) this.end(connection, { event: "signed-out", reason: "session-ended" });
    }
  }
}
