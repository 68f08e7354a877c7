/**
 * Turns pino's JSON lines into lines a person reads in a terminal:
 * `12:04:05 WARN  message  key=value …`, an error's stack below it. Only used when
 * stdout is a terminal; anything else (files, log collectors) keeps the JSON lines.
 */

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: "TRACE", color: 90 },
  20: { name: "DEBUG", color: 90 },
  30: { name: "INFO", color: 32 },
  40: { name: "WARN", color: 33 },
  50: { name: "ERROR", color: 31 },
  60: { name: "FATAL", color: 35 },
};

/** What every line carries and the readable form shows in its own way, or not at all. */
const SHOWN_APART = new Set(["level", "time", "msg", "pid", "hostname", "err", "v"]);

type LogError = { type?: string; message?: string; stack?: string };

function flatten(value: unknown, prefix: string, into: string[]): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  into.push(`${prefix}=${typeof value === "string" && /[\s"=]/.test(value) ? JSON.stringify(value) : text}`);
}

/** One JSON log line (with or without its newline) as readable text ending in a newline. */
export function formatLogLine(line: string, { color = false }: { color?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`; // not one of ours: pass it through
  }
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level).toUpperCase(), color: 0 };
  const time = new Date(Number(entry.time) || Date.now()).toTimeString().slice(0, 8);
  const paint = (code: number, text: string) => (color && code ? `\u001b[${code}m${text}\u001b[0m` : text);
  const fields: string[] = [];
  for (const [key, value] of Object.entries(entry)) if (!SHOWN_APART.has(key)) flatten(value, key, fields);
  const err = entry.err as LogError | undefined;
  const parts = [
    paint(90, time),
    paint(level.color, level.name.padEnd(5)),
    String(entry.msg ?? err?.message ?? ""),
    fields.length > 0 ? paint(90, fields.join(" ")) : "",
  ];
  const stack = err?.stack ? `\n${err.stack.replace(/^/gm, "    ")}` : "";
  return `${parts.filter(Boolean).join(" ")}${stack}\n`;
}
