import {
  Bell,
  BookOpen,
  Coins,
  Gauge,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Newspaper,
  Rss,
  Settings,
  Star,
  TrendingUp,
  User,
} from "lucide-react";
import { paths } from "../../paths.ts";

/** `tour` names the welcome tour step that points at the link (features/tour/tour-steps.ts). */
export type NavItem = { label: string; to: string; icon: LucideIcon; tour?: string };

/** The main sidebar, top to bottom. */
export const mainNavigation: readonly NavItem[] = [
  { label: "Dashboard", to: paths.home, icon: LayoutDashboard },
  { label: "Stories", to: paths.stories, icon: Newspaper },
  { label: "Market Sentiment", to: paths.marketSentiment, icon: Gauge, tour: "market" },
  { label: "Tokens", to: paths.tokens, icon: Coins, tour: "market" },
  { label: "Favorites", to: paths.favorites, icon: Star, tour: "community" },
  { label: "Blurts", to: paths.blurts, icon: MessageSquare, tour: "community" },
  { label: "Blog", to: paths.blog, icon: BookOpen },
  { label: "Search Trends", to: paths.searchTrends, icon: TrendingUp },
];

/** Shown only to a signed-in member. */
export const userNavigation: readonly NavItem[] = [
  { label: "Profile", to: paths.profile, icon: User },
  { label: "Notifications", to: paths.notifications, icon: Bell },
  { label: "Your feeds", to: paths.memberFeeds, icon: Rss },
  { label: "Settings", to: paths.settings, icon: Settings },
];
