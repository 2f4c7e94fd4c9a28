/** The small pages the server itself answers a plain HTML form post with (no JavaScript, no site styles). */

/** Text made safe to put in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A whole page around `main` (already HTML), titled `title` (text), kept out of search results. */
export function plainPage(title: string, main: string): string {
  return `<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><main>${main}</main></html>`;
}
