import { expect, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";

/*
 * The e2e server reads this server's own sample price API (scripts/e2e-server.mjs), which
 * moves each minute: a 1m prediction resolves against a later price within about a minute
 * and a half (the timeframe, the 30 s price cache, the resolver's 10 s tick).
 */
test("a member places a 1m prediction, sees the stake leave and the outcome arrive", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const member = await newMember(browser, baseURL as string, uniqueHandle("predictor"));
  const page = await member.newPage();
  await page.goto("/token/btc");
  const balance = page.getByRole("link", { name: /^GEMS balance: / });
  await expect(balance).toHaveAccessibleName("GEMS balance: 1,250 GEMS");

  const panel = page.getByRole("region", { name: /Predict Bitcoin/ });
  await panel.getByText("Long", { exact: true }).click();
  await panel.getByLabel("Payment (GEMS)").fill("100");
  await panel.getByLabel("Target move (%)").fill("0.01");
  await panel.getByLabel("Timeframe", { exact: true }).fill("1m");
  await panel.getByRole("button", { name: "Place prediction" }).click();
  await expect(panel.getByRole("status")).toHaveText("Prediction placed. Your balance is now 1,150 GEMS.");
  await expect(balance).toHaveAccessibleName("GEMS balance: 1,150 GEMS");

  await page.goto("/predictions");
  const open = page.getByRole("region", { name: "Open predictions" });
  await expect(open.getByRole("listitem")).toHaveCount(1);
  await expect(open).toContainText("BTC");

  // Resolution: won pays 100 + floor(100 × 0.01) = 101; lost pays nothing.
  const resolved = page.getByRole("region", { name: "Resolved predictions" });
  await expect(resolved.getByRole("listitem")).toHaveCount(1, { timeout: 150_000 });
  const item = resolved.getByRole("listitem").first();
  await expect(item).toContainText("Entry");
  await expect(item).toContainText("Exit");
  await expect(item).toContainText("sample");
  const outcome = (await item.textContent()) ?? "";
  expect(outcome).toMatch(/Won|Lost/);
  await expect(balance).toHaveAccessibleName(
    outcome.includes("Won") ? "GEMS balance: 1,251 GEMS" : "GEMS balance: 1,150 GEMS",
  );
  await member.close();
});
