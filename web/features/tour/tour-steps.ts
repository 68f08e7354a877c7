/**
 * The welcome tour's four steps. Each names the element it points at by its
 * data-tour attribute on the page ('center' points at nothing); a name may mark several
 * elements (the sidebar's links and the header's), and only those on screen are shown.
 */
export type TourStep = { title: string; body: string; target: "center" | "market" | "news" | "community" };

export const tourSteps: readonly TourStep[] = [
  {
    title: "Welcome to Gemwire",
    body: "Gemwire brings crypto news from many sources together, groups it into stories and sets it beside live market data. Four short steps show you around; skip whenever you like.",
    target: "center",
  },
  {
    title: "Market Analysis Tools",
    body: "Live coin prices run along the top of every page. Market Sentiment puts Bitcoin's live chart beside the latest headlines, and Tokens charts any token and compares the whole market in a screener. Each token has its own page with its news.",
    target: "market",
  },
  {
    title: "Real-time News Feed",
    body: "Your dashboard's feeds refresh on their own, and Stories groups the articles several outlets cover into one story. Press Analyze on an article, a blog post or a story for its key points and the tickers it names.",
    target: "news",
  },
  {
    title: "Community Features",
    body: "Star articles to keep them in Favorites, vote and comment on them, and post Blurts, short posts on a shared timeline. Members stake play-money GEMS on price predictions and climb the leaderboard. Sign in to take part.",
    target: "community",
  },
];
