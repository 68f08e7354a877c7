/**
 * A small closed-loop HTTP load generator over undici: `connections` clients each send a
 * request, read the whole answer, and send the next, for `seconds`. Enough to compare
 * routes of one server in one run; not a replacement for a dedicated load tool.
 */
import { Pool } from "undici";

export type LoadResult = {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Bytes of the last successful answer's body as sent (compressed only when the headers ask for it). */
  bodyBytes: number;
};

const percentile = (sorted: Float64Array, share: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number);

export async function runLoad(
  origin: string,
  path: string,
  {
    connections,
    seconds,
    warmUpSeconds = 1,
    headers = {},
  }: { connections: number; seconds: number; warmUpSeconds?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let bodyBytes = 0;
  let measuring = false;
  let stopAt = Number.POSITIVE_INFINITY;

  const client = async () => {
    while (performance.now() < stopAt) {
      // Only requests sent after the warm-up count: one queued behind the warm-up's
      // connection setup would charge it to the measured latencies.
      const counted = measuring;
      const started = performance.now();
      try {
        const response = await pool.request({ path, method: "GET", headers });
        // Counted, not kept: the client's share of the two cores stays small.
        let bytes = 0;
        for await (const chunk of response.body) bytes += (chunk as Buffer).length;
        if (response.statusCode !== 200) {
          if (counted) errors++;
          continue;
        }
        bodyBytes = bytes;
      } catch {
        if (counted) errors++;
        continue;
      }
      if (counted) latencies.push(performance.now() - started);
    }
  };

  const warmUpEnds = performance.now() + warmUpSeconds * 1000;
  stopAt = warmUpEnds + seconds * 1000;
  const running = Array.from({ length: connections }, client);
  await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
  measuring = true;
  const measuredFrom = performance.now();
  await Promise.all(running);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  await pool.close();

  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    bodyBytes,
  };
}
