/** `path?name=value…` for the parameters that are set; `path` alone when none is. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Every URL the web app links to or fetches, in one place. */
export const paths = {
  home: "/",
  stories: "/stories",
  /** The Stories page on `feed` with one story opened and scrolled to (a link from a token's news). */
  storyOnStories: (feed: string, storyId: string) => `/stories?${new URLSearchParams({ feed, story: storyId })}`,
  marketSentiment: "/market-sentiment",
  tokens: "/tokens",
  token: (symbol: string) => `/token/${encodeURIComponent(symbol)}`,
  pumpVision: "/pump-vision",
  favorites: "/favorites",
  myFeed: "/feed",
  blurts: "/blurts",
  settings: "/settings",
  profile: "/profile",
  notifications: "/notifications",
  bitcoinNews: "/bitcoin-news",
  news: "/news",
  market: "/market",
  search: "/search",
  xFeed: "/x-feed",
  nftArt: "/nft-art",
  disclaimer: "/disclaimer",
  terms: "/terms",
  privacy: "/privacy",
  contact: "/contact",
  admin: "/admin",
  /** An admin tab, optionally with a list's search words. */
  adminTab: (tab: string, q?: string) => {
    const params = new URLSearchParams({ tab });
    if (q) params.set("q", q);
    return `/admin?${params}`;
  },
  /** `?edit={id}` opens the Edit Event tab on that event… */
  adminEditEvent: (id: string) => `/admin?${new URLSearchParams({ edit: id })}`,
  /** …and with `type=blog` the blog form on that post. */
  adminEditBlog: (id: string) => `/admin?${new URLSearchParams({ edit: id, type: "blog" })}`,
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  searchTrends: "/google-trends",
  login: "/login",
  /** The sign-in page, coming back to `next` (a path on this site, see lib/return-path.ts) afterwards. */
  signInThenReturn: (next: string) => `/login?next=${encodeURIComponent(next)}`,
  /** The Join tab with an invitation code filled in: the link an admin sends a new member. */
  joinWithInvite: (code: string) => `/login?invite=${encodeURIComponent(code)}`,
  predictions: "/predictions",
  /** Members ranked by GEMS won minus staked (linked from /predictions and the avatar menu). */
  leaderboard: "/leaderboard",
  team: "/team",
  /** Each feed's source and health (the status view feed readers give their users). */
  feedStatus: "/feeds/status",
  /** An article read inside Gemwire (the reader view). */
  reader: (url: string) => `/read?${new URLSearchParams({ url })}`,
  /** The member's own feeds (add, remove, OPML import and export). */
  memberFeeds: "/feeds/mine",
  /** One of the member's own feeds, its articles as a feed page. */
  memberFeed: (key: string) => `/feeds/mine/${encodeURIComponent(key)}`,
  api: {
    site: "/api/site",
    /** Where the app reports each page view (path only). */
    pageView: "/api/analytics/pageview",
    /** Page views per day and the top pages of the last `days` days (admin). */
    analytics: (days: number) => `/api/admin/analytics?days=${days}`,
    me: "/api/me",
    avatar: "/api/me/avatar",
    signIn: "/api/auth/login",
    signUp: "/api/auth/signup",
    signOut: "/api/auth/logout",
    settings: "/api/settings",
    degenMode: "/api/settings/degen-mode",
    feedChoice: "/api/settings/feeds",
    adminSignIn: "/api/admin/login",
    adminSignOut: "/api/admin/logout",
    invites: "/api/admin/invites",
    revokeInvite: (id: string) => `/api/admin/invites/${encodeURIComponent(id)}/revoke`,
    feeds: "/api/feeds",
    feedRefresh: (key: string) => `/api/feeds/${encodeURIComponent(key)}/refresh`,
    /** The member's own feeds (GET the list, POST `{address}` to follow one). */
    memberFeeds: "/api/me/feeds",
    /** DELETE: stop following a member feed. */
    memberFeed: (key: string) => `/api/me/feeds/${encodeURIComponent(key)}`,
    /** The member's feeds as an OPML download. */
    memberFeedsOpml: "/api/me/feeds.opml",
    /** POST `{opml}`: follow every feed of an OPML file; answers a report per line. */
    memberFeedsOpmlImport: "/api/me/feeds/opml",
    /** A page of a feed's items; with `coin`, only those tagged with it. */
    feedItems: (key: string, limit: number, coin?: string | null) =>
      `/api/feeds/${encodeURIComponent(key)}/items?limit=${limit}${coin ? `&coin=${encodeURIComponent(coin)}` : ""}`,
    search: (query: string) => `/api/search?q=${encodeURIComponent(query)}`,
    /**
     * A page of a feed's stories; without a sort the server ranks them, without a limit it
     * sends its default number, and `before` (a page's `next`) asks for the following page.
     */
    stories: (query: { feed: string; sort?: string; limit?: number; before?: string }) => {
      const params = new URLSearchParams({ feed: query.feed });
      if (query.sort) params.set("sort", query.sort);
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      if (query.before) params.set("before", query.before);
      return `/api/stories?${params}`;
    },
    votes: "/api/votes",
    /** `PUT {links, read}` marks a member's articles read or unread. */
    readState: "/api/reading/read",
    /** A member's reading preference (`showEveryArticle`). */
    readingPreferences: "/api/reading/preferences",
    favorites: "/api/favorites",
    favorite: (link: string) => `/api/favorites?link=${encodeURIComponent(link)}`,
    events: "/api/events",
    /** A page of blog posts, newest first; `before` is a page's `next`. */
    blogPosts: (query: { before?: string; limit?: number } = {}) => withQuery("/api/blog", query),
    blogPost: (slug: string) => `/api/blog/${encodeURIComponent(slug)}`,
    /** The admin's events (newest start first) or posts, searched with `q`, a page at a time. */
    adminEvents: (query: { q?: string; before?: string; limit?: number } = {}) => withQuery("/api/admin/events", query),
    adminEvent: (id: string) => `/api/admin/events/${encodeURIComponent(id)}`,
    adminBlogPosts: (query: { q?: string; before?: string; limit?: number } = {}) =>
      withQuery("/api/admin/blog", query),
    adminBlogPost: (id: string) => `/api/admin/blog/${encodeURIComponent(id)}`,
    /** Multipart, field `file`: answers the stored image's address. */
    blogImages: "/api/admin/blog/images",
    /** `{url}`: the article's title, excerpt, content, image and author, read by the server. */
    blogExtract: "/api/admin/blog/extract",
    /** A page of the search trends of a period, in an order. */
    trends: (query: { period: string; sort: string; page: number }) =>
      `/api/trends?${new URLSearchParams({ period: query.period, sort: query.sort, page: String(query.page) })}`,
    /** An article's analysis; `url` is its address, or a blog post's /blog/<slug>. */
    analysis: (url: string) => `/api/analysis?url=${encodeURIComponent(url)}`,
    /** An article's readable text for the reader view (blocks, never markup). */
    reader: (url: string) => `/api/reader?${new URLSearchParams({ url })}`,
    /** A whole story's analysis: its lead article's key points, the tickers across its articles. */
    storyAnalysis: (feed: string, story: string) => `/api/analysis/story?${new URLSearchParams({ feed, story })}`,
    prices: (symbols: readonly string[]) => `/api/prices?symbols=${symbols.map(encodeURIComponent).join(",")}`,
    tokenHistory: (symbol: string, range: string) =>
      `/api/tokens/${encodeURIComponent(symbol)}/history?range=${encodeURIComponent(range)}`,
    tokenNews: (symbol: string, limit: number) => `/api/tokens/${encodeURIComponent(symbol)}/news?limit=${limit}`,
    gems: "/api/gems",
    placePrediction: "/api/predictions",
    /** A page of the signed-in member's predictions, newest first; `before` is a page's `next`. */
    myPredictions: (before?: string) => {
      const params = new URLSearchParams({ mine: "1" });
      if (before) params.set("before", before);
      return `/api/predictions?${params}`;
    },
    leaderboard: (period: string) => `/api/leaderboard?period=${encodeURIComponent(period)}`,
    /** A page of comments on an article or post, newest first; `before` is a page's `next`. */
    comments: (contentId: string, before?: string) => {
      const params = new URLSearchParams({ contentId });
      if (before) params.set("before", before);
      return `/api/comments?${params}`;
    },
    addComment: "/api/comments",
    comment: (id: string) => `/api/comments/${encodeURIComponent(id)}`,
    /** A page of the member's notifications, newest first; `before` is a page's `next` (a seq). */
    notifications: (query: { before?: number; limit?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.before !== undefined) params.set("before", String(query.before));
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      const search = params.toString();
      return search ? `/api/notifications?${search}` : "/api/notifications";
    },
    notificationRead: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
    notificationsReadAll: "/api/notifications/read-all",
    /** Server-sent events: notifications numbered after `after`, as they are made. */
    notificationStream: (after?: number) =>
      after === undefined ? "/api/notifications/stream" : `/api/notifications/stream?after=${after}`,
    /** A page of the Blurts timeline; the defaults (all, newest) are left out of the address. */
    blurts: (query: { filter: string; sort: string; before?: string }) => {
      const params = new URLSearchParams();
      if (query.filter !== "all") params.set("filter", query.filter);
      if (query.sort !== "newest") params.set("sort", query.sort);
      if (query.before) params.set("before", query.before);
      const search = params.toString();
      return search ? `/api/blurts?${search}` : "/api/blurts";
    },
  },
} as const;
