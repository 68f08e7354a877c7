/*
 * A resolver process that stops dead mid-resolution: it resolves with the price given
 * in its environment, says "midway" on stdout once a prediction's status is written
 * inside the transaction (before any GEMS move), and then hangs until it is killed.
 * server/jobs/prediction-resolver.test.ts kills it with SIGKILL there.
 */
import { openDatabase } from "../db/connection.ts";
import { resolveDuePredictions } from "../modules/gems/resolution.ts";
import { afterQuery, updateOf } from "./after-query.ts";
import { scriptedPrices } from "./scripted-prices.ts";

const location = JSON.parse(process.env.RESOLVE_DATABASE ?? "{}");
const { symbol, usd, asOf, now } = JSON.parse(process.env.RESOLVE_PRICE ?? "{}");
const prices = scriptedPrices();
prices.set(symbol, usd, asOf);
const database = afterQuery(openDatabase(location), updateOf("user_predictions"), async () => {
  process.stdout.write("midway\n");
  await new Promise(() => {});
});
await resolveDuePredictions(database, prices.service, { now });
