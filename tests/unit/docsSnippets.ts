/** Reading the code blocks of a Markdown page, so a test can do exactly what the page says. */

/** The body of every fenced block in `lang`, in page order, without the indent of the list item it sits in. */
export function fencedBlocks(markdown: string, lang: string): string[] {
  const blocks: string[] = [];
  const fence = new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)^\\1\`\`\`$`, "gm");
  for (const match of markdown.matchAll(fence)) {
    const indent = match[1]!.length;
    blocks.push(match[2]!.split("\n").map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length))).join("\n").trimEnd());
  }
  return blocks;
}

/** The first block in `lang` after `marker` (a heading or a file name in the text). */
export function blockAfter(markdown: string, marker: string, lang: string): string {
  const at = markdown.indexOf(marker);
  if (at < 0) throw new Error(`the page no longer mentions ${marker}`);
  const block = fencedBlocks(markdown.slice(at), lang)[0];
  if (block === undefined) throw new Error(`no ${lang} block after ${marker}`);
  return block;
}

/** A JSON block as a value: a whole document, or properties shown on their own (`"key": {…}`). */
export function jsonOf(block: string): Record<string, unknown> {
  const text = block.trim();
  return JSON.parse(text.startsWith("{") ? text : `{${text}}`) as Record<string, unknown>;
}
