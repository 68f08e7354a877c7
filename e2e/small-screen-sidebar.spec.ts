import { expect, type Page, test } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 } });

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe("the sidebar on a small screen", () => {
  test("is hidden until the menu button opens it, and locks page scroll while open", async ({ page }) => {
    await page.goto("/terms");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByRole("link", { name: "Stories" })).not.toBeInViewport();
    expect(await bodyOverflow(page)).not.toBe("hidden");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Stories" })).toBeInViewport();
    await expect(page.getByTestId("sidebar-overlay")).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    expect(await bodyOverflow(page)).toBe("hidden");

    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(sidebar.getByRole("link", { name: "Stories" })).not.toBeInViewport();
    expect(await bodyOverflow(page)).not.toBe("hidden");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("closes on the overlay", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByTestId("sidebar-overlay").click({ position: { x: 370, y: 400 } });
    await expect(page.getByTestId("sidebar-overlay")).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("closes on Escape", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByTestId("sidebar-overlay")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("sidebar-overlay")).toHaveCount(0);
  });

  test("closes after following a link", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByTestId("sidebar-overlay")).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("keeps keyboard focus inside the open drawer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    // Tabbing may leave the page for the browser's own controls, but never reaches the inert page behind.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        return active && active !== document.body && !active.closest("#sidebar") ? active.outerHTML : null;
      });
      expect(outside).toBeNull();
    }
  });

  test("closes when the window grows into the fixed sidebar, and stays closed when it shrinks again", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("sidebar-overlay")).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("keeps keyboard focus out of the closed drawer", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab");
    const focusedInSidebar = await page.evaluate(() => Boolean(document.activeElement?.closest("#sidebar")));
    expect(focusedInSidebar).toBe(false);
  });
});
