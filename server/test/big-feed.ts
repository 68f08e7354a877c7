/**
 * A big RSS feed like the one the acceptance test used (14 MiB with 108,000 items, under
 * the 15 MiB fetch cap): short items, each a minute older than the one before, so the
 * newest come first. Item i links to https://big.example/n/i.
 */
export function bigFeed(items: number, newest: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Big</title>'];
  for (let i = 0; i < items; i++) {
    const date = new Date(newest - i * 60_000).toUTCString();
    parts.push(
      `<item><title>Bitcoin note ${i}</title><link>https://big.example/n/${i}</link><pubDate>${date}</pubDate></item>`,
    );
  }
  parts.push("</channel></rss>");
  return parts.join("\n");
}
