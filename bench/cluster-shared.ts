/**
 * Part of `npm run bench:cluster`: what the two processes share, seen through either — a
 * sign-in (b), a notification reaching an event stream held by the other process (d), and
 * a stake placed through one and paid by the other exactly once (c).
 */
import type pg from "pg";
import {
  adminSignIn,
  call,
  expectStatus,
  type JoinedMember,
  joinThroughInvite,
  openStream,
} from "../test-kit/http-client.ts";
import { type ServerProcess, sleep } from "../test-kit/server-process.ts";
import type { startProxy, Upstream } from "./cluster-proxy.ts";
import { check } from "./cluster-report.ts";
import { sized } from "./tiny.ts";

const PASSWORD = "cluster bench password";

/** The two processes, the proxy in front of them and a connection to their database. */
export type Cluster = {
  a: ServerProcess;
  b: ServerProcess;
  upstreams: Upstream[];
  proxy: Awaited<ReturnType<typeof startProxy>>;
  db: pg.Client;
  /** "A" or "B" for a lease or run holder of either process. */
  who: (holder: string | null) => string;
};

export type Members = { reader: JoinedMember; writer: JoinedMember; predictor: JoinedMember };

export const pidOf = (holder: string) => Number(holder.split(":").at(-2));

/** Members made through the admin invite flow, through the proxy. */
export async function joinMembers(proxy: Cluster["proxy"]): Promise<Members> {
  const adminCookie = await adminSignIn(proxy.origin, "bench admin password");
  const join = (handle: string) => joinThroughInvite(proxy.origin, adminCookie, handle, PASSWORD);
  const reader = await join("cluster_reader");
  const writer = await join("cluster_writer");
  const predictor = await join("cluster_predictor");
  return { reader, writer, predictor };
}

/** (b) Signs the reader in through the proxy; answers the session cookie. */
export async function signInShared({ proxy, upstreams }: Cluster, { reader }: Members): Promise<string> {
  console.log("(b) Sign-in on one process, recognised on the other");
  const signIn = expectStatus(
    await call(proxy.origin, "/api/auth/login", {
      method: "POST",
      body: { handle: reader.handle, password: PASSWORD },
    }),
    200,
    "sign-in",
  );
  const session = `gemwire_session=${signIn.cookies.gemwire_session}`;
  const me = await Promise.all(
    upstreams.map(async (u) => ({ name: u.name, answer: await call(u.origin, "/api/me", { cookie: session }) })),
  );
  for (const { name: n, answer } of me) {
    console.log(
      `  GET /api/me on ${n}: HTTP ${answer.status} ${(answer.body as { user?: { handle?: string } })?.user?.handle ?? ""}`,
    );
  }
  check(
    "sign-in shared",
    me.every(
      ({ answer }) =>
        answer.status === 200 && (answer.body as { user?: { handle?: string } }).user?.handle === reader.handle,
    ),
    `signed in through the proxy on ${signIn.upstream}; /api/me answered on ${me
      .filter(({ answer }) => answer.status === 200)
      .map(({ name: n }) => n)
      .join(" and ")}`,
  );
  return session;
}

/** (d) A comment posted on A notifies the reader on a stream held by B, and on one through the proxy. */
export async function notificationAcross({ a, b, proxy }: Cluster, { reader, writer }: Members) {
  console.log("\n(d) A notification made on one process reaches an event stream on the other");
  const items = expectStatus(await call(proxy.origin, "/api/feeds/bitcoin/items"), 200, "feed items");
  const link = (items.body as { items: Array<{ link: string }> }).items[0]?.link;
  if (!link) throw new Error("the bitcoin sample feed has no items");
  expectStatus(
    await call(proxy.origin, "/api/favorites", { method: "PUT", body: { link }, cookie: reader.cookie }),
    200,
    "favorite",
  );
  const onB = await openStream(`${b.origin}/api/notifications/stream`, reader.cookie);
  const throughProxy = await openStream(`${proxy.origin}/api/notifications/stream`, reader.cookie);
  await onB.until("ready", 10_000);
  await throughProxy.until("ready", 10_000);
  const commentedAt = Date.now();
  expectStatus(
    await call(a.origin, "/api/comments", {
      method: "POST",
      body: { contentId: link, content: "Seen from the other process?" },
      cookie: writer.cookie,
    }),
    201,
    "comment",
  );
  const arrived = await onB.until("notification", 15_000);
  const proxied = await throughProxy.until("notification", 15_000);
  const delivered = onB.events.filter((e) => e.event === "notification").length;
  console.log(
    `  comment posted on A; stream on B got it ${arrived ? `after ${arrived.at - commentedAt} ms` : "NEVER"}; stream through the proxy (on ${throughProxy.upstream}) ${proxied ? `after ${proxied.at - commentedAt} ms` : "NEVER"}`,
  );
  check(
    "notification across processes",
    arrived !== undefined && proxied !== undefined && delivered === 1,
    `${delivered} notification(s) on B's stream, ${proxied ? 1 : 0} through the proxy`,
  );
  onB.close();
  throughProxy.close();
}

/** (c) A stake placed through the process that does not hold the resolver's lease. */
export async function stakePaidOnce({ a, b, db, who }: Cluster, { predictor }: Members) {
  console.log("\n(c) A stake placed through one process is paid by the other once");
  const lease = await db.query<{ holder: string }>("SELECT holder FROM job_leases WHERE name = 'prediction-resolver'");
  const resolverName = who(lease.rows[0]?.holder ?? null);
  const resolver = resolverName === "B" ? b : a;
  const placer = resolver === a ? b : a;
  const placerName = resolver === a ? "B" : "A";
  const placed = expectStatus(
    await call(placer.origin, "/api/predictions", {
      method: "POST",
      body: { token: "BTC", direction: "up", percentage: 1, timeFrame: "1m", wager: 10 },
      cookie: predictor.cookie,
    }),
    201,
    "prediction",
  );
  const predictionId = (placed.body as { prediction: { id: string } }).prediction.id;
  // The shortest timeframe is a minute and sample prices barely move: the row is made to
  // have ended already (at the resolver's latest price) and won (entered at half that price).
  const quote = (
    expectStatus(await call(resolver.origin, "/api/prices?symbols=BTC"), 200, "prices").body as {
      prices: { BTC: { usd: number; asOf: string } };
    }
  ).prices.BTC;
  await db.query("UPDATE user_predictions SET ends_at = $1, entry_usd = $2 WHERE id = $3", [
    Date.parse(quote.asOf) - 1,
    quote.usd / 2,
    predictionId,
  ]);
  const placedAt = Date.now();
  let status = "active";
  while (status === "active" && Date.now() - placedAt < 30_000) {
    await sleep(250);
    status = (await db.query<{ status: string }>("SELECT status FROM user_predictions WHERE id = $1", [predictionId]))
      .rows[0]?.status as string;
  }
  // A few more ticks of both resolvers: still one payout.
  await sleep(sized(25_000, 11_000));
  const payouts = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM gems_ledger WHERE kind = 'payout' AND reference = $1",
    [`prediction:${predictionId}`],
  );
  const resolvedBy = await db.query<{ holder: string }>(
    "SELECT holder FROM job_runs WHERE job = 'prediction-resolver' AND detail = '1 resolved'",
  );
  const payoutCount = Number(payouts.rows[0]?.n);
  console.log(
    `  placed through ${placerName}; ${status} after ${Date.now() - placedAt - sized(25_000, 11_000)} ms; resolved by ${resolvedBy.rows.map((r) => who(r.holder)).join(", ") || "nobody"}; payouts in the ledger: ${payoutCount}`,
  );
  console.log(
    "  (test hook: the prediction row was given an end time in the past and a winning entry price in the database)",
  );
  check(
    "stake paid once by the other process",
    status === "won" &&
      payoutCount === 1 &&
      resolvedBy.rows.length === 1 &&
      who(resolvedBy.rows[0]?.holder ?? "") === resolverName &&
      resolverName !== placerName,
    `placed on ${placerName}, paid by ${resolvedBy.rows.map((r) => who(r.holder)).join(", ")}, ${payoutCount} payout row(s)`,
  );
}
