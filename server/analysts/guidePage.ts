/**
 * The analysts' guide, docs/analysts.md, served at /analysts/guide/ so the results pages can link each term to the
 * section that explains it: every heading gets the id GitHub would give it ("Settled visits" → #settled-visits).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { repoRoot } from "../config";
import { analystsPage } from "./analystsPageShell";

/** A heading's id as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const markdown = new MarkdownIt({ html: false, linkify: false });
markdown.core.ruler.push("heading_ids", (state) => {
  const seen = new Map<string, number>();
  state.tokens.forEach((token, i) => {
    if (token.type !== "heading_open") return;
    const base = headingId(state.tokens[i + 1]?.content ?? "");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    token.attrSet("id", n === 0 ? base : `${base}-${n}`);
  });
});

let rendered: Promise<string> | undefined;

/** The guide as a page (read and rendered once per process). */
export async function guidePageHtml(signedIn: string | undefined): Promise<string> {
  rendered ??= readFile(path.join(repoRoot, "docs", "analysts.md"), "utf8").then((text) => markdown.render(text));
  return analystsPage({ title: "Guide for analysts", main: await rendered, width: "52rem", ...(signedIn === undefined ? {} : { signedIn }) });
}
