import { afterEach, describe, expect, it } from "vitest";
import { closeAnalysis, openAnalysis } from "./analysis.ts";

afterEach(() => document.body.replaceChildren());

const article = { kind: "article", title: "Bitcoin hits a record", link: "https://news.example/a" } as const;

describe("the analysis dialog's focus", () => {
  it("goes back to the Analyze button that opened it, although the button lost focus while it waited", async () => {
    const button = document.createElement("button");
    document.body.append(button);
    button.focus();
    openAnalysis(article);
    // The button is disabled while the analysis loads, and focus falls to the page.
    button.blur();
    expect(document.activeElement).toBe(document.body);
    closeAnalysis();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(button);
  });

  it("stays where the reader has since put it", async () => {
    const button = document.createElement("button");
    const search = document.createElement("input");
    document.body.append(button, search);
    button.focus();
    openAnalysis(article);
    closeAnalysis();
    search.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(search);
  });
});
