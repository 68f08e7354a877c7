import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HIDDEN_PER_SECTION_MAX, HIDDEN_STORAGE_KEY, toggleHidden, useHiddenArticles } from "./hidden-articles.ts";

describe("hidden articles", () => {
  it("hides and unhides by link, per section, and keeps the sets in local storage", () => {
    const home = renderHook(() => useHiddenArticles("home:bitcoin"));
    const page = renderHook(() => useHiddenArticles("page:bitcoin"));
    act(() => home.result.current.toggle("https://a.example/1"));
    expect(home.result.current.isHidden("https://a.example/1")).toBe(true);
    expect(page.result.current.isHidden("https://a.example/1")).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(HIDDEN_STORAGE_KEY) ?? "{}")).toEqual({
      "home:bitcoin": ["https://a.example/1"],
    });
    act(() => home.result.current.toggle("https://a.example/1"));
    expect(home.result.current.hidden).toEqual([]);
  });

  it("updates every component showing the same section", () => {
    const first = renderHook(() => useHiddenArticles("home:news"));
    const second = renderHook(() => useHiddenArticles("home:news"));
    act(() => first.result.current.toggle("https://b.example/2"));
    expect(second.result.current.isHidden("https://b.example/2")).toBe(true);
  });

  it("follows changes made in another tab", () => {
    const view = renderHook(() => useHiddenArticles("home:market"));
    act(() => {
      window.localStorage.setItem(HIDDEN_STORAGE_KEY, JSON.stringify({ "home:market": ["https://c.example/3"] }));
      window.dispatchEvent(new StorageEvent("storage", { key: HIDDEN_STORAGE_KEY }));
    });
    expect(view.result.current.isHidden("https://c.example/3")).toBe(true);
  });

  it("survives a damaged store and forgets the oldest beyond the limit", () => {
    window.localStorage.setItem(HIDDEN_STORAGE_KEY, "{not json");
    const view = renderHook(() => useHiddenArticles("home:search"));
    expect(view.result.current.hidden).toEqual([]);
    act(() => {
      for (let i = 0; i <= HIDDEN_PER_SECTION_MAX; i++) toggleHidden("home:search", `https://d.example/${i}`);
    });
    expect(view.result.current.hidden).toHaveLength(HIDDEN_PER_SECTION_MAX);
    expect(view.result.current.isHidden("https://d.example/0")).toBe(false);
    expect(view.result.current.isHidden(`https://d.example/${HIDDEN_PER_SECTION_MAX}`)).toBe(true);
  });
});
