const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for XML and HTML, in element content and quoted attributes alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ENTITIES[c] as string);
}
