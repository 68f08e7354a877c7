export { cacheKey, pageAddress } from "./addresses.ts";
export type { PageFetchPolicy, TimedRead } from "./page-reads.ts";
export { createPageClients, PageReads, READ_FAILURE_MS, READ_KEPT_MS } from "./page-reads.ts";
export type { SlotHolder } from "./page-slots.ts";
export { MAX_PAGES_PER_ASKER } from "./page-slots.ts";
export { pruneReads } from "./repository.ts";
