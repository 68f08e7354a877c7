import { type FocusEvent, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { findBuiltInToken, marqueeSymbols } from "../../../../contracts/market-catalog.ts";
import { formatUsd } from "../../../lib/usd.ts";
import { paths } from "../../../paths.ts";
import { usePrices } from "../api.ts";
import { PriceChange } from "./price-change.tsx";
import { CHANGE_SLOT, PRICE_SLOT } from "./price-slots.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/*
 * The moving track holds the coins several times over and slides left by half its width,
 * where the second half starts exactly like the first: the loop has no seam. Six copies
 * keep the track wider than two screens, so no gap shows even on a wide monitor.
 */
const COPIES = 6;

/**
 * The price marquee in the fixed top area — bitcoin, ethereum, solana,
 * ripple and cardano in US dollars, from our own /api/prices. It scrolls on its own, stops
 * while the pointer is over it or the keyboard is in it, and is a still row for readers who
 * ask for reduced motion. A coin without a price reads '—'.
 */
export function PriceMarquee() {
  const prices = usePrices();
  const still = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const paused = hovered || focused;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocused(false);
    setKeyboardFocus(false);
  };
  const row = (copy: number) => (
    <ul
      key={copy}
      // Only the first copy is read out and reachable by keyboard; the others are its picture.
      aria-hidden={copy > 0 ? true : undefined}
      inert={copy > 0}
      className="flex shrink-0"
    >
      {marqueeSymbols.map((symbol) => (
        <MarqueeCoin key={symbol} symbol={symbol} quote={prices.quote(symbol)} />
      ))}
    </ul>
  );

  return (
    <section
      aria-label="Coin prices in US dollars"
      data-slot="price-marquee"
      data-testid="price-marquee"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        setFocused(true);
        setKeyboardFocus(isKeyboardFocus(event.target));
      }}
      onBlur={onBlur}
      // relative: the screen-reader-only words inside stay within the clipped box (absolutely
      // positioned, they would otherwise widen the page).
      className={`relative border-b border-line bg-zinc-950 text-xs ${still ? "overflow-x-auto [scrollbar-width:none]" : "overflow-hidden"}`}
    >
      {still ? (
        <div data-testid="price-marquee-track" className="flex w-max">
          {row(0)}
        </div>
      ) : (
        <div
          data-testid="price-marquee-track"
          data-paused={paused}
          className="flex w-max animate-marquee motion-reduce:animate-none"
          // Keyboard focus is on the first copy, which may have slid out of view: while the
          // keyboard is in the marquee it stands at its start, where that copy shows. A
          // click only pauses it: moving the track under the pointer would lose the click.
          style={{
            animationPlayState: paused ? "paused" : "running",
            animationName: keyboardFocus ? "none" : undefined,
          }}
        >
          {Array.from({ length: COPIES }, (_, copy) => row(copy))}
        </div>
      )}
    </section>
  );
}

/** Focus that came from the keyboard (the browser shows its ring), not from a click. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

function MarqueeCoin({ symbol, quote }: { symbol: string; quote: { usd: number; change24h: number | null } | null }) {
  const token = findBuiltInToken(symbol);
  const body = (
    <>
      <span className="font-semibold text-zinc-100">{symbol}</span>{" "}
      <span className={`font-mono tabular-nums text-zinc-300 ${PRICE_SLOT}`}>{formatUsd(quote?.usd)}</span>
      {quote ? <span className="sr-only"> </span> : <span className="sr-only"> no price now</span>}
      <span className={CHANGE_SLOT}>{quote ? <PriceChange change={quote.change24h} /> : null}</span>
    </>
  );
  const look = "flex items-center gap-2 whitespace-nowrap px-4 py-1.5";
  return (
    <li className="shrink-0">
      {token ? (
        <Link to={paths.token(symbol)} title={token.name} className={`${look} hover:bg-zinc-900`}>
          {body}
        </Link>
      ) : (
        <span className={look}>{body}</span>
      )}
    </li>
  );
}
