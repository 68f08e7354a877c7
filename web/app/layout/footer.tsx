import { AtSign, MessageCircle, Send } from "lucide-react";
import { Link } from "react-router";
import { useSiteConfig } from "../../lib/site-config.ts";
import { paths } from "../../paths.ts";

const linkClass = "text-sm text-zinc-400 hover:text-zinc-50";

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
            <li>
              <Link to={paths.home} className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.favorites} className={linkClass}>
                Favorites
              </Link>
            </li>
            <li>
              <Link to={paths.blurts} className={linkClass}>
                Blurts
              </Link>
            </li>
            <li>
              <Link to={paths.blog} className={linkClass}>
                Blog
              </Link>
            </li>
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
            <li>
              <Link to={paths.disclaimer} className={linkClass}>
                Disclaimer
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={linkClass}>
                Contact Us
              </Link>
            </li>
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
      <p className="mx-auto mt-10 max-w-6xl text-xs text-zinc-500">
        © {new Date().getFullYear()} Gemwire. All rights reserved. For educational and entertainment purposes only.
      </p>
    </footer>
  );
}
