/** CSV for spreadsheets: RFC 4180 quoting, and no cell a spreadsheet would run as a formula. */

/** One CSV line (ending CRLF) from cell values. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A visitor's answer starting =, +, - or @ would be a formula in Excel or Sheets: keep it text.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
