/**
 * Members using a running Gemwire process over HTTP while a fault is injected: each member
 * votes, favorites, comments and stakes GEMS in turn, and a reader keeps reading. Every
 * answer is sorted (acknowledged, 503 in the app's error shape, refused, timed out, or
 * anything else), and every acknowledged write is recorded for expectNothingLost.
 */
import { type Answer, call, type JoinedMember } from "../test-kit/http-client.ts";
import { sleep } from "../test-kit/server-process.ts";
import type { acknowledgedWrites } from "./acknowledged.ts";

/** Comments a member may post a minute (the app allows 10; a test must never meet the limit). */
const COMMENTS_PER_MINUTE = 8;

/**
 * What one load lets each member write at most, so that several loads in one test stay
 * under the app's limits: 300 votes and favorites, and 120 stakes, in 10 minutes. Past
 * it, the member only reads.
 */
export type LoadBudget = { writes: number; stakes: number };

/** A member as the loads drive them: the next link, and when they commented (kept across loads and restarts). */
export type LoadMember = JoinedMember & { link: number; commentsAt: number[] };

export const loadMember = (member: JoinedMember): LoadMember => ({ ...member, link: 0, commentsAt: [] });

export type LoadReport = {
  acknowledged: number;
  /** 503 answers in the app's error shape with a Retry-After header. */
  unavailable: number;
  /** Requests the process never answered: refused or cut (it was down). */
  refused: number;
  /** Requests still unanswered after the client's timeout. */
  timedOut: number;
  /** Everything else: a 500, a 503 of another shape, an unexpected status. */
  unexpected: Array<{ what: string; status: number; body: unknown }>;
  /** Ids of the predictions whose stakes were acknowledged (201). */
  predictions: string[];
};

export type Acknowledged = ReturnType<typeof acknowledgedWrites>;

const isUnavailableShape = (answer: Answer) => {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    answer.status === 503 &&
    error?.code === "unavailable" &&
    typeof error.message === "string" &&
    error.message.length > 0 &&
    answer.retryAfter !== null &&
    /^\d+$/.test(answer.retryAfter)
  );
};

/** The same member always votes a link the same way, so a vote repeated after a failure changes nothing. */
const directionOf = (member: LoadMember, link: string) =>
  (member.handle.length + link.length) % 2 === 0 ? ("up" as const) : ("down" as const);

/**
 * Starts the load on `origin`: one loop per member and one reader, until `stop()`, which
 * waits for the requests under way and returns the report. `timeoutMs` bounds each request.
 */
export function startMemberLoad(options: {
  origin: string;
  members: LoadMember[];
  links: string[];
  acks: Acknowledged;
  timeoutMs?: number;
  pauseMs?: number;
  budget?: LoadBudget;
  token?: string;
}) {
  const { origin, members, links, acks, timeoutMs = 8_000, pauseMs = 30, token = "BTC" } = options;
  const budget = options.budget ?? { writes: 250, stakes: 100 };
  const spent = new Map(members.map((member) => [member.id, { writes: 0, stakes: 0 }]));
  const report: LoadReport = {
    acknowledged: 0,
    unavailable: 0,
    refused: 0,
    timedOut: 0,
    unexpected: [],
    predictions: [],
  };
  let stopping = false;
  let inFlight = 0;

  /** One request, sorted; the answer when the app gave one. */
  async function send(what: string, pathname: string, init: Parameters<typeof call>[2]) {
    inFlight += 1;
    try {
      const answer = await call(origin, pathname, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (answer.status >= 200 && answer.status < 300) report.acknowledged += 1;
      else if (isUnavailableShape(answer)) report.unavailable += 1;
      else report.unexpected.push({ what, status: answer.status, body: answer.body });
      return answer;
    } catch (error) {
      if ((error as Error).name === "TimeoutError") report.timedOut += 1;
      else report.refused += 1;
      return undefined;
    } finally {
      inFlight -= 1;
    }
  }

  async function write(member: LoadMember, step: number) {
    const used = spent.get(member.id) as LoadBudget;
    const link = links[member.link % links.length] as string;
    const now = Date.now();
    member.commentsAt = member.commentsAt.filter((at) => now - at < 61_000);
    const kind = step % 4;
    if (kind === 0 && used.writes < budget.writes) {
      used.writes += 1;
      const vote = directionOf(member, link);
      const answer = await send("vote", "/api/votes", { method: "PUT", body: { link, vote }, cookie: member.cookie });
      if (answer?.status === 200) acks.vote(member.id, link, vote);
    } else if (kind === 1 && used.writes < budget.writes) {
      used.writes += 1;
      member.link += 1;
      const answer = await send("favorite", "/api/favorites", { method: "PUT", body: { link }, cookie: member.cookie });
      if (answer?.status === 200) acks.favorite(member.id, link);
    } else if (kind === 2 && member.commentsAt.length < COMMENTS_PER_MINUTE) {
      member.commentsAt.push(now);
      const answer = await send("comment", "/api/comments", {
        method: "POST",
        body: { contentId: link, content: `${member.handle} on ${link} at ${now}` },
        cookie: member.cookie,
      });
      if (answer?.status === 201) acks.comment((answer.body as { id: string }).id);
    } else if (kind === 3 && used.stakes < budget.stakes) {
      used.stakes += 1;
      const answer = await send("stake", "/api/predictions", {
        method: "POST",
        body: {
          token,
          direction: step % 8 === 3 ? "up" : "down",
          percentage: 1,
          timeFrame: "1m",
          wager: 1 + (step % 3),
        },
        cookie: member.cookie,
      });
      if (answer?.status === 201)
        report.predictions.push((answer.body as { prediction: { id: string } }).prediction.id);
    } else {
      await send("read", "/api/gems", { cookie: member.cookie });
    }
  }

  const loops = [
    ...members.map(async (member) => {
      for (let step = 0; !stopping; step++) {
        await write(member, step);
        await sleep(pauseMs);
      }
    }),
    (async () => {
      for (let step = 0; !stopping; step++) {
        await send("read", step % 2 === 0 ? "/api/feeds" : "/api/predictions", {});
        await sleep(pauseMs);
      }
    })(),
  ];

  return {
    report,
    inFlight: () => inFlight,
    async stop(): Promise<LoadReport> {
      stopping = true;
      await Promise.all(loops);
      return report;
    },
  };
}

/** Links of articles the process serves (what members vote, favorite and comment on). */
export async function articleLinks(origin: string, feedKey: string, timeoutMs = 8_000): Promise<string[]> {
  const answer = await call(origin, `/api/feeds/${feedKey}/items`, { signal: AbortSignal.timeout(timeoutMs) });
  if (answer.status !== 200) throw new Error(`feed items: HTTP ${answer.status}`);
  return (answer.body as { items: Array<{ link: string }> }).items.map((item) => item.link);
}
