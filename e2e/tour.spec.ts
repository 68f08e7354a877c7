import { expect, type Page, test } from "@playwright/test";

// A first visit: no hasSeenTutorial (the other journeys start as visitors who have seen the tour).
test.use({ storageState: { cookies: [], origins: [] } });

const seen = (page: Page) => page.evaluate(() => localStorage.getItem("hasSeenTutorial"));
const tour = (page: Page) => page.getByRole("dialog", { name: /Welcome to Gemwire|Market|News Feed|Community/ });
const ringed = (page: Page) =>
  page.locator("[data-tour-active]").evaluateAll((elements) => elements.map((e) => e.textContent?.trim() || e.tagName));

test("the welcome tour: first visit, Skip, restart from the footer, Finish", async ({ page }) => {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Welcome to Gemwire" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Step 1 of 4");
  await expect(dialog.getByRole("button", { name: "Next" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Previous" })).toBeDisabled();
  expect(await seen(page)).toBeNull();

  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(tour(page)).toHaveCount(0);
  expect(await seen(page)).toBe("true");

  // A returning visitor is not shown it again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The footer's Welcome Tour starts it again, at the first step.
  const restart = page.getByRole("contentinfo").getByRole("button", { name: "Welcome Tour" });
  await restart.click();
  await expect(page.getByRole("dialog", { name: "Welcome to Gemwire" })).toContainText("Step 1 of 4");
  expect(await ringed(page)).toEqual([]);

  const next = page.getByRole("button", { name: "Next" });
  await next.click();
  await expect(page.getByRole("dialog", { name: "Market Analysis Tools" })).toContainText("Step 2 of 4");
  // The sidebar's market links (and the price marquee) are ringed.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tokens" })).toHaveAttribute(
    "data-tour-active",
    "",
  );
  expect(await ringed(page)).toEqual(expect.arrayContaining(["Market Sentiment", "Tokens"]));

  await next.click();
  await expect(page.getByRole("dialog", { name: "Real-time News Feed" })).toContainText("Step 3 of 4");
  await expect(page.locator('[data-tour="news"]')).toHaveAttribute("data-tour-active", "");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tokens" }),
  ).not.toHaveAttribute("data-tour-active");

  await next.click();
  const last = page.getByRole("dialog", { name: "Community Features" });
  await expect(last).toContainText("Step 4 of 4");
  await expect(last.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expect(last.getByRole("button", { name: "Previous" })).toBeEnabled();
  const finish = last.getByRole("button", { name: "Finish" });
  await expect(finish).toBeFocused();
  await finish.click();

  await expect(tour(page)).toHaveCount(0);
  expect(await ringed(page)).toEqual([]);
  expect(await seen(page)).toBe("true");
  // Focus is back on the footer link that started it.
  await expect(restart).toBeFocused();
});

test("Escape skips the tour", async ({ page }) => {
  await page.goto("/stories");
  await expect(page.getByRole("dialog", { name: "Welcome to Gemwire" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tour(page)).toHaveCount(0);
  expect(await seen(page)).toBe("true");
});

test("the tour does not start on the sign-in page", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await seen(page)).toBeNull();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the tour is a sheet along the bottom: the page stays visible and usable behind it", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Welcome to Gemwire" });
    await expect(dialog).toBeVisible();

    const sheet = await dialog.boundingBox();
    expect(sheet).not.toBeNull();
    if (!sheet) return;
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(390);
    expect(sheet.y + sheet.height).toBeCloseTo(844, 0);
    // Compact: well under half the screen.
    expect(sheet.height).toBeLessThan(844 * 0.45);

    // The page's heading is on screen and nothing lies over it.
    const heading = page.getByRole("heading", { level: 1, name: "Dashboard" });
    await expect(heading).toBeInViewport();
    const onTop = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + 10, box.top + box.height / 2));
    });
    expect(onTop).toBe(true);

    // The market step has no sidebar to point at (it is a closed drawer): nothing in it is ringed.
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("dialog", { name: "Market Analysis Tools" })).toBeVisible();
    expect(await page.locator("#sidebar [data-tour-active]").count()).toBe(0);

    // The page is usable with the tour open: the menu opens.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();

    // The page's end can be scrolled clear of the sheet.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.getByText(/All rights reserved/);
    const end = await copyright.boundingBox();
    const top = (await page.getByRole("dialog", { name: "Market Analysis Tools" }).boundingBox())?.y ?? 0;
    expect((end?.y ?? 0) + (end?.height ?? 0)).toBeLessThanOrEqual(top);
  });

  test("on a small, short phone (320 × 568) the sheet leaves most of the page in view", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto("/");
    for (const step of ["Welcome to Gemwire", "Market Analysis Tools", "Real-time News Feed", "Community Features"]) {
      const dialog = page.getByRole("dialog", { name: step });
      await expect(dialog).toBeVisible();
      const sheet = await dialog.boundingBox();
      // At most 40% of the screen's height; a longer text scrolls inside the sheet.
      expect(sheet?.height ?? 568).toBeLessThanOrEqual(568 * 0.4 + 1);
      await expect(
        dialog.getByRole("button", { name: step === "Community Features" ? "Finish" : "Next" }),
      ).toBeInViewport();
      if (step !== "Community Features") await dialog.getByRole("button", { name: "Next" }).click();
    }
  });

  test("no sideways scrolling at 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Welcome to Gemwire" });
    await expect(dialog).toBeVisible();
    for (const step of ["Market Analysis Tools", "Real-time News Feed", "Community Features"]) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("dialog", { name: step })).toBeVisible();
    }
    const box = await page.getByRole("dialog", { name: "Community Features" }).boundingBox();
    expect(box?.width).toBe(320);
    await expect(page.getByRole("button", { name: "Finish" })).toBeInViewport();
  });
});
