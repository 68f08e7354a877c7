import { expect, test } from "@playwright/test";

const sidebarOrder = [
  ["Dashboard", "/"],
  ["Stories", "/stories"],
  ["Market Sentiment", "/market-sentiment"],
  ["Tokens", "/tokens"],
  ["Favorites", "/favorites"],
  ["Blurts", "/blurts"],
  ["Blog", "/blog"],
  ["Search Trends", "/google-trends"],
] as const;

test.describe("navigation on a large screen", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the sidebar lists the pages in order and each link works", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link")).toHaveText(sidebarOrder.map(([label]) => label));
    for (const [label, path] of sidebarOrder) {
      await main.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(main.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
  });

  test("signed out, the sidebar offers Sign In instead of the user section", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByRole("link", { name: "Profile" })).toHaveCount(0);
    await sidebar.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login");
  });

  test("the logo leads home", async ({ page }) => {
    await page.goto("/tokens");
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Gemwire" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the header has Search, Favorites and Blurts", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Favorites" }).click();
    await expect(page).toHaveURL("/favorites");
    await header.getByRole("link", { name: "Blurts" }).click();
    await expect(page).toHaveURL("/blurts");
    await header.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("dialog", { name: "Search articles" })).toBeVisible();
  });

  test("the avatar menu works from the keyboard", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Account menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Search",
      "Favorites",
      "Blurts",
      "Leaderboard",
      "Your feeds",
      "Settings",
      "Admin",
      "Sign in",
    ]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await expect(page).toHaveURL("/admin");
  });

  test("a press on the account button before its menu has loaded still opens the menu", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/avatar-menu-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const trigger = page.getByRole("button", { name: "Account menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    release();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([
      "Search",
      "Favorites",
      "Blurts",
      "Leaderboard",
      "Your feeds",
      "Settings",
      "Admin",
      "Sign in",
    ]);
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
  });

  test("the footer has its quick links, legal links and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation", { name: "Quick Links" }).getByRole("listitem")).toHaveText([
      "Home",
      "Favorites",
      "Blurts",
      "Blog",
      "Welcome Tour",
    ]);
    await expect(footer.getByRole("navigation", { name: "Legal" }).getByRole("link")).toHaveText([
      "Disclaimer",
      "Terms of Service",
      "Privacy Policy",
      "Contact Us",
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Gemwire`);
    // Only the configured social links appear (X and Telegram in this run, not Discord).
    const social = footer.getByRole("navigation", { name: "Social" }).getByRole("link");
    await expect(social).toHaveCount(2);
    await expect(footer.getByRole("link", { name: "Gemwire on X" })).toHaveAttribute("href", "https://x.com/gemwire");
    await expect(footer.getByRole("link", { name: "Gemwire on Discord" })).toHaveCount(0);
  });
});
