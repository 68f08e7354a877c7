import { AtSign, MessageCircle, Send } from "lucide-react";
import { Link } from "react-router";
import { useSiteConfig } from "../../lib/site-config.ts";
import { paths } from "../../paths.ts";

const linkClass = "text-sm text-zinc-400 hover:text-zinc-50";

const quickLinks = [
  { label: "Home", to: paths.home },
  { label: "Favorites", to: paths.favorites },
  { label: "Blurts", to: paths.blurts },
  { label: "Blog", to: paths.blog },
];

const legalLinks = [
  { label: "Disclaimer", to: paths.disclaimer },
  { label: "Terms of Service", to: paths.terms },
  { label: "Privacy Policy", to: paths.privacy },
  { label: "Contact Us", to: paths.contact },
];

function LinkItems({ links }: { links: ReadonlyArray<{ label: string; to: string }> }) {
  return links.map(({ label, to }) => (
    <li key={to}>
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </li>
  ));
}

export function Footer({ onStartTour }: { onStartTour: () => void }) {
  const site = useSiteConfig();
  const social = site.data?.social ?? {};
  const socialLinks = [
    { label: "Gemwire on X", href: social.x, icon: AtSign },
    { label: "Gemwire on Telegram", href: social.telegram, icon: Send },
    { label: "Gemwire on Discord", href: social.discord, icon: MessageCircle },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));

  return (
    <footer className="mt-16 border-t border-line px-4 py-10 lg:px-8">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        <nav aria-label="Quick Links">
          <h2 className="mb-3 text-sm font-semibold text-zinc-100">Quick Links</h2>
          <ul className="space-y-2">
            <LinkItems links={quickLinks} />
            <li>
              <button type="button" onClick={onStartTour} className={linkClass}>
                Welcome Tour
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="mb-3 text-sm font-semibold text-zinc-100">Legal</h2>
          <ul className="space-y-2">
            <LinkItems links={legalLinks} />
          </ul>
        </nav>
        {socialLinks.length > 0 ? (
          <nav aria-label="Social">
            <h2 className="mb-3 text-sm font-semibold text-zinc-100">Follow us</h2>
            <ul className="flex gap-3">
              {socialLinks.map(({ label, href, icon: Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    aria-label={label}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex rounded-md p-2 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-50"
                  >
                    <Icon className="size-5" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-zinc-400">
        © {new Date().getFullYear()} Gemwire. All rights reserved. For educational and entertainment purposes only.
      </p>
    </footer>
  );
}
