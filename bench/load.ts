/**
 * Load over HTTP with autocannon: `connections` clients, each sending its next request
 * when the last answer has arrived, for `seconds`, after a warm-up of its own that is not
 * counted (none when `warmUpSeconds` is 0). Latencies are taken from every answer (autocannon's summary has no p95).
 */
import autocannon from "autocannon";

export type LoadResult = {
  requests: number;
  /** Failed connections, timeouts and answers other than 2xx/304. */
  errors: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Bytes of the answers' bodies and headers, per answer on average. */
  bytesPerAnswer: number;
};

export const percentile = (sorted: Float64Array, share: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number);

type Options = { connections: number; seconds: number; warmUpSeconds?: number; headers?: Record<string, string> };

function cannon(url: string, { connections, seconds, headers = {} }: Options, onAnswer?: (ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onAnswer) instance.on("response", (_client, _status, _bytes, ms) => onAnswer(ms));
  });
}

export async function runLoad(origin: string, path: string, options: Options): Promise<LoadResult> {
  const url = `${origin}${path}`;
  const warmUpSeconds = options.warmUpSeconds ?? 1;
  if (warmUpSeconds > 0) await cannon(url, { ...options, seconds: warmUpSeconds });
  const latencies: number[] = [];
  const result = await cannon(url, options, (ms) => latencies.push(ms));
  const sorted = Float64Array.from(latencies).sort();
  const answered = result.requests.total;
  return {
    requests: answered,
    errors: result.errors + result.timeouts + result.non2xx,
    perSecond: answered / options.seconds,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    p99Ms: percentile(sorted, 0.99),
    bytesPerAnswer: answered > 0 ? result.throughput.total / answered : 0,
  };
}
