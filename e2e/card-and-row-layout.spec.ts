import { expect, type Locator, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";

/*
 * Layout that only a real browser can measure: what a new reader saw at 1440 and 390 px wide.
 */

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
};

/** For every card in the list: the empty space between its text and its token box. */
async function gapsUnderText(list: Locator) {
  await expect(list.locator("article").first()).toBeVisible({ timeout: 20_000 });
  return list.locator("article").evaluateAll((cards) =>
    cards.map((card) => {
      const text = card.querySelector("p.line-clamp-3") ?? card.querySelector("h3");
      const token = card.querySelector("input");
      return {
        picture: card.querySelector("img") !== null,
        gap: (token?.getBoundingClientRect().top ?? 0) - (text?.getBoundingClientRect().bottom ?? 0),
      };
    }),
  );
}

for (const width of [1440, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a card without a picture leaves no empty gap, in a row and in a grid", async ({ page }) => {
      await page.goto("/");
      const rows = await gapsUnderText(page.getByRole("list", { name: "Latest News articles" }));
      await page.goto("/news");
      const grid = await gapsUnderText(page.locator("main ul").first());
      const all = [...rows, ...grid];
      // The sample feeds have cards both with and without pictures.
      expect(all.some((card) => !card.picture)).toBe(true);
      expect(all.some((card) => card.picture)).toBe(true);
      for (const card of all) expect(card.gap).toBeLessThanOrEqual(24);
    });

    test("every home row lays out its controls the same way", async ({ page }) => {
      await page.goto("/");
      const sections = page.locator("main section[data-feed]");
      await expect(sections.first().locator("article").first()).toBeVisible({ timeout: 20_000 });
      const layouts = await sections.evaluateAll((all) =>
        all.map((section) => {
          const select = section.querySelector("select")?.getBoundingClientRect();
          const buttons = [...section.querySelectorAll<HTMLElement>("button")].filter((button) =>
            /^(Show Hidden|Hide Hidden|Scroll )/.test(button.getAttribute("aria-label") ?? button.textContent ?? ""),
          );
          const rects = buttons.map((button) => button.getBoundingClientRect());
          return {
            selectLeft: Math.round(select?.left ?? -1),
            selectTop: Math.round(select?.top ?? -1),
            // Every control's vertical middle, relative to the filter's: one line means all equal.
            middles: rects.map((r) =>
              Math.round(r.top + r.height / 2 - ((select?.top ?? 0) + (select?.height ?? 0) / 2)),
            ),
            arrowsRight: Math.round(rects.at(-1)?.right ?? -1),
          };
        }),
      );
      expect(layouts.length).toBeGreaterThan(2);
      const first = layouts[0];
      for (const layout of layouts) {
        for (const middle of layout.middles) expect(Math.abs(middle)).toBeLessThanOrEqual(2);
        expect(layout.middles).toHaveLength(3);
        expect(layout.selectLeft).toBe(first?.selectLeft);
        expect(layout.arrowsRight).toBe(first?.arrowsRight);
      }
    });

    test("Notable Events cards all put the dates above the place", async ({ page }) => {
      await page.goto("/");
      const cards = page.getByRole("list", { name: "Notable events" }).getByRole("listitem");
      await expect(cards.first()).toBeVisible();
      const layouts = await cards.evaluateAll((all) =>
        all.map((card) => {
          const when = card.querySelector(".lucide-calendar-days")?.parentElement?.getBoundingClientRect();
          const where = card.querySelector(".lucide-map-pin")?.parentElement?.getBoundingClientRect();
          return { whenLeft: when?.left, whereLeft: where?.left, below: (where?.top ?? 0) >= (when?.bottom ?? 0) };
        }),
      );
      expect(layouts.length).toBeGreaterThan(1);
      for (const layout of layouts) {
        expect(layout.below).toBe(true);
        expect(layout.whereLeft).toBe(layout.whenLeft);
      }
    });

    test("the X Feed's timeline lines up with its title", async ({ page }) => {
      await page.goto("/x-feed");
      const title = await box(page.getByRole("heading", { level: 1, name: "X Feed" }));
      const first = page.locator("main article").first();
      await expect(first).toBeVisible({ timeout: 20_000 });
      expect(Math.round((await box(first)).x)).toBe(Math.round(title.x));
    });
  });
}

test("a cast vote looks unmistakably different from one not cast", async ({ browser, baseURL }) => {
  const context = await newMember(browser, baseURL ?? "", uniqueHandle("looker"));
  const page = await context.newPage();
  await page.goto("/news");
  const card = page.locator("main article").first();
  const up = card.getByRole("button", { name: /^Vote up/ });
  const down = card.getByRole("button", { name: /^Vote down/ });
  await up.click();
  await expect(up).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(0, 0);
  const look = (button: Locator) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
  const pressed = await look(up);
  const plain = await look(down);
  expect(pressed.color).not.toBe(plain.color);
  expect(pressed.background).not.toBe(plain.background);
  await context.close();
});
