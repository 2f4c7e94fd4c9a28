/**
 * The repository's JSON style, which every file in forms/ is written in: two spaces, keys in the order they were
 * read (so an edit keeps them in place and a diff shows only what changed), and a newline at the end.
 */

/** A document as the repository writes it: 2 spaces, keys in the order given, a newline at the end. */
export function formatJson(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
