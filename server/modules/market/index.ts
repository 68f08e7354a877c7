export type { PriceService } from "./price-service.ts";
export { createPriceService, priceSourceName } from "./price-service.ts";
export { deleteSnapshotsBefore, insertSnapshots } from "./repository.ts";
export { marketRoutes } from "./routes.ts";
