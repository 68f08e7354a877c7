import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { builtInTokens } from "../../../../contracts/market-catalog.ts";
import { paths } from "../../../paths.ts";

/** Built-in tokens whose symbol or name contains the text, symbol matches first. */
export function matchTokens(text: string) {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  const score = (token: (typeof builtInTokens)[number]) => {
    const symbol = token.symbol.toLowerCase();
    if (symbol === wanted) return 0;
    if (symbol.startsWith(wanted)) return 1;
    if (token.name.toLowerCase().startsWith(wanted)) return 2;
    return 3;
  };
  return builtInTokens
    .filter((token) => token.symbol.toLowerCase().includes(wanted) || token.name.toLowerCase().includes(wanted))
    .sort((a, b) => score(a) - score(b));
}

/**
 * The card's token search box: typing a symbol or name
 * suggests built-in tokens; choosing one opens its token page.
 */
export function TokenSearch({ label }: { label: string }) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const listId = useId();
  const matches = matchTokens(text);
  const showList = open && matches.length > 0;

  const choose = (symbol: string) => {
    setText("");
    setOpen(false);
    navigate(paths.token(symbol));
  };

  return (
    <div className="relative">
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList ? `${listId}-${active}` : undefined}
        placeholder="Find a token…"
        value={text}
        maxLength={40}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && matches.length) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % matches.length);
          } else if (event.key === "ArrowUp" && matches.length) {
            event.preventDefault();
            setActive((i) => (i - 1 + matches.length) % matches.length);
          } else if (event.key === "Enter") {
            const match = matches[active] ?? matches[0];
            if (match) {
              event.preventDefault();
              choose(match.symbol);
            }
          } else if (event.key === "Escape" && showList) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className="w-full rounded-md border border-line bg-zinc-950/60 px-2 py-1 text-xs text-zinc-200 placeholder:text-zinc-500"
      />
      <div
        id={listId}
        role="listbox"
        hidden={!showList}
        className="absolute bottom-full left-0 z-30 mb-1 max-h-48 w-full overflow-auto rounded-md border border-line bg-zinc-900 py-1 shadow-lg"
      >
        {matches.map((token, i) => (
          <div
            key={token.symbol}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            // mousedown, so the choice lands before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(token.symbol);
            }}
            className={`flex cursor-pointer justify-between gap-2 px-2 py-1 text-xs ${i === active ? "bg-zinc-800 text-zinc-50" : "text-zinc-300"}`}
          >
            <span className="font-mono font-semibold">{token.symbol}</span>
            <span className="truncate text-muted">{token.name}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
