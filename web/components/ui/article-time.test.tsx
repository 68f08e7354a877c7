import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, relativeTime } from "../../lib/dates.ts";
import { ArticleTime } from "./article-time.tsx";

const HOUR = 3_600_000;

describe("ArticleTime", () => {
  const pubDate = new Date(Date.now() - 3 * HOUR).toISOString();

  it.each([
    ["date", formatDate(pubDate)],
    ["dateTime", formatDateTime(pubDate)],
    ["relative", relativeTime(pubDate)],
  ] as const)("shows a dated article's date as %s, with the full time on hover", (format, text) => {
    const { container } = render(<ArticleTime item={{ pubDate, undated: false }} format={format} />);
    const time = container.querySelector("time");
    expect(time?.textContent).toBe(text);
    expect(time?.getAttribute("datetime")).toBe(pubDate);
    expect(time?.getAttribute("title")).toBe(formatDateTime(pubDate));
  });

  it.each(["date", "dateTime", "relative"] as const)(
    "shows an undated article as undated, whatever the format (%s)",
    (format) => {
      const { container } = render(<ArticleTime item={{ pubDate, undated: true }} format={format} />);
      expect(container.querySelector("time")).toBeNull();
      expect(container.textContent).toBe("undated");
    },
  );
});
