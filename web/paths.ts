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
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  searchTrends: "/google-trends",
  login: "/login",
  /** The sign-in page, coming back to `next` (a path on this site, see lib/return-path.ts) afterwards. */
  signInThenReturn: (next: string) => `/login?next=${encodeURIComponent(next)}`,
  /** The Join tab with an invitation code filled in: the link an admin sends a new member. */
  joinWithInvite: (code: string) => `/login?invite=${encodeURIComponent(code)}`,
  predictions: "/predictions",
  /** Members ranked by GEMS won minus staked (not in the spec; linked from /predictions and the avatar menu). */
  leaderboard: "/leaderboard",
  team: "/team",
  /** Each feed's source and health (not in the spec: the status view feed readers give their users). */
  feedStatus: "/feeds/status",
  api: {
    site: "/api/site",
    /** Spec §7: where the app reports each page view (path only). */
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
    feedItems: (key: string, limit: number) => `/api/feeds/${encodeURIComponent(key)}/items?limit=${limit}`,
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
    favorites: "/api/favorites",
    favorite: (link: string) => `/api/favorites?link=${encodeURIComponent(link)}`,
    events: "/api/events",
    analysis: (url: string) => `/api/analysis?url=${encodeURIComponent(url)}`,
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
