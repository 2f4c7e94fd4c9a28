/**
 * Columns padded to their widest cell: the first `left` columns and the last left-aligned, the rest right-aligned;
 * each line indented two spaces.
 */
export function textTable(head: string[], rows: string[][], left = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < left || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [head, ...rows].map((cells) => `  ${line(cells)}`).join("\n");
}
