import {
  Bell,
  BookOpen,
  Coins,
  Gauge,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Newspaper,
  Settings,
  Star,
  TrendingUp,
  User,
} from "lucide-react";
import { paths } from "../../paths.ts";

export type NavItem = { label: string; to: string; icon: LucideIcon };

/** The main sidebar, in the spec's order (§2 Navigation). */
export const mainNavigation: readonly NavItem[] = [
  { label: "Dashboard", to: paths.home, icon: LayoutDashboard },
  { label: "Stories", to: paths.stories, icon: Newspaper },
  { label: "Market Sentiment", to: paths.marketSentiment, icon: Gauge },
  { label: "Tokens", to: paths.tokens, icon: Coins },
  { label: "Favorites", to: paths.favorites, icon: Star },
  { label: "Blurts", to: paths.blurts, icon: MessageSquare },
  { label: "Blog", to: paths.blog, icon: BookOpen },
  { label: "Search Trends", to: paths.searchTrends, icon: TrendingUp },
];

/** Shown only to a signed-in member. */
export const userNavigation: readonly NavItem[] = [
  { label: "Profile", to: paths.profile, icon: User },
  { label: "Notifications", to: paths.notifications, icon: Bell },
  { label: "Settings", to: paths.settings, icon: Settings },
];
