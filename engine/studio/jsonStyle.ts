/** A document as the repository writes it: 2 spaces, keys in the order given, a newline at the end. */
export function formatJson(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + "\n";
}
