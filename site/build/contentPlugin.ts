/**
 * Vite plugin for guides and news: Markdown files with front matter under site/content/{guides,news}/,
 * checked and rendered to HTML at build time, so no Markdown library reaches the browser.
 *
 * `virtual:articles` exports `articles` (every article's front matter, path and reading time, newest first), for
 * the build: pre-rendered paths, the sitemap and the feeds. The browser reads smaller modules:
 * `virtual:article-pages` (address → lazy import of that page's module, for articles and listings),
 * `virtual:article-page/<address>` (one page's data; see site/articles/pageData.ts) and `virtual:article-links`
 * (the titles of every listing and article, and each category's guides and listings, for the footer).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAjv } from "../../engine/node/validation";
import matter from "gray-matter";
import MarkdownIt from "markdown-it";
import type { Plugin } from "vite";
import articleSchema from "../../schemas/article.schema.json" with { type: "json" };
import type { ArticleFrontMatter } from "../../schemas/generated/article";
import type { Article, ArticleSummary } from "../articles/article";
import { listingPath, pageModuleId, VIRTUAL_PAGE, type ArticleKind } from "../articles/articlePaths";
import { articlePageData, footerLinks, listings, pagePaths, type ArticleRouteData } from "../articles/pageData";

const defaultContentDir = fileURLToPath(new URL("../content/", import.meta.url));
const VIRTUAL_INDEX = "virtual:articles";
const VIRTUAL_PAGES = "virtual:article-pages";
const VIRTUAL_LINKS = "virtual:article-links";

/** Words a visitor reads in a minute, for the reading time. */
const WORDS_PER_MINUTE = 200;

/** A content file that cannot be published, named with what is wrong. */
export class ContentError extends Error {
  override name = "ContentError";
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });
// A wide table scrolls inside its own box on a phone, reachable and named for keyboard and screen reader users.
markdown.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  const headings: string[] = [];
  for (let i = idx; i < tokens.length && tokens[i]!.type !== "thead_close"; i++)
    if (tokens[i]!.type === "inline" && tokens[i]!.content) headings.push(tokens[i]!.content);
  const label = markdown.utils.escapeHtml(`Table: ${headings.join(", ")}`);
  return `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}">\n${self.renderToken(tokens, idx, options)}`;
};
markdown.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options)}</div>\n`;
const validate = createAjv().compile<ArticleFrontMatter>(articleSchema);

/** The folder articles are read from: SITE_CONTENT_DIR when set (tests use a copy), else site/content. */
export function contentDir(): string {
  return process.env.SITE_CONTENT_DIR ? path.resolve(process.env.SITE_CONTENT_DIR) : defaultContentDir;
}

/** Reads, checks and renders every article; throws a ContentError naming each bad file. */
export function readArticles(root = contentDir()): Article[] {
  const problems: string[] = [];
  const articles: Article[] = [];
  for (const [folder, kind, key] of [["guides", "guide", "category"], ["news", "news", "service"]] as const) {
    const base = path.join(root, folder);
    if (!existsSync(base)) continue;
    for (const section of readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const name of readdirSync(path.join(base, section.name)).filter((f) => f.endsWith(".md"))) {
        const file = path.join(folder, section.name, name);
        try {
          articles.push(readArticle(root, file, kind, key, section.name));
        } catch (error) {
          problems.push(error instanceof ContentError ? error.message : `${shownPath(root, file)}: ${(error as Error).message}`);
        }
      }
    }
  }
  // Search results show titles and descriptions: two pages alike there compete with each other.
  for (const field of ["path", "title", "description"] as const) {
    const seen = new Map<string, string>();
    for (const article of articles) {
      const first = seen.get(article[field]);
      if (first) problems.push(`${shownPath(root, article.file)}: ${field} "${article[field]}" is already used by ${first}`);
      else seen.set(article[field], shownPath(root, article.file));
    }
  }
  if (problems.length) throw new ContentError(`Content cannot be published:\n${problems.join("\n")}`);
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.path.localeCompare(b.path));
}

/** A content file as messages name it: relative to the working folder when inside it, else in full. */
function shownPath(root: string, file: string): string {
  const absolute = path.join(root, file);
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith("..") || path.isAbsolute(relative) ? absolute : relative;
}

function readArticle(root: string, file: string, kind: ArticleKind, key: "category" | "service", section: string): Article {
  const shown = shownPath(root, file);
  const source = readFileSync(path.join(root, file), "utf8");
  if (!source.startsWith("---")) throw new ContentError(`${shown}: no front matter (start the file with --- and the fields title, description, date, author, ${key}, summary)`);
  const parsed = matter(source);
  const data = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, v instanceof Date ? v.toISOString().slice(0, 10) : v]));
  if (!validate(data)) {
    const why = (validate.errors ?? []).map((e) => `${e.instancePath.slice(1) || "front matter"} ${e.message ?? "is invalid"}${e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : ""}`);
    throw new ContentError(`${shown}: ${why.join("; ")}`);
  }
  if (data[key] !== section) throw new ContentError(`${shown}: ${key} is "${String(data[key] ?? "")}" but the file is in ${section}/`);
  if (data.updated && data.updated < data.date) throw new ContentError(`${shown}: updated (${data.updated}) is before date (${data.date})`);
  const { category: _category, service: _service, ...frontMatter } = data;
  const slug = path.basename(file, ".md");
  const words = parsed.content.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return {
    ...frontMatter,
    kind,
    section,
    slug,
    path: `${listingPath(section, kind)}${slug}/`,
    words,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    file,
    html: markdown.render(parsed.content),
  };
}

export function contentPlugin(): Plugin {
  let cache: { articles: Article[]; summaries: ArticleSummary[] } | undefined;
  const content = () => {
    if (!cache) {
      const articles = readArticles();
      cache = { articles, summaries: articles.map(({ html: _html, ...summary }) => summary) };
    }
    return cache;
  };
  const pageData = (path: string): ArticleRouteData | undefined => {
    const { articles, summaries } = content();
    const article = articles.find((a) => a.path === path);
    if (article) return articlePageData(summaries, article);
    return listings(summaries).find((listing) => listingPath(listing.section, listing.articleKind) === path);
  };
  return {
    name: "articles",
    resolveId: (id) => ([VIRTUAL_INDEX, VIRTUAL_PAGES, VIRTUAL_LINKS].includes(id) || id.startsWith(`${VIRTUAL_PAGE}/`) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith("\0virtual:article")) return undefined;
      const { summaries } = content();
      if (id === `\0${VIRTUAL_INDEX}`) return `export const articles = ${JSON.stringify(summaries)};\n`;
      if (id === `\0${VIRTUAL_PAGES}`) {
        const loaders = pagePaths(summaries).map((path) => `  ${JSON.stringify(path)}: () => import(${JSON.stringify(pageModuleId(path))}),`);
        return `export const pages = {\n${loaders.join("\n")}\n};\n`;
      }
      if (id === `\0${VIRTUAL_LINKS}`) {
        const { titles, guideLinks } = footerLinks(summaries);
        return `export const titles = ${JSON.stringify(titles)};\nexport const guideLinks = ${JSON.stringify(guideLinks)};\n`;
      }
      if (id.startsWith(`\0${VIRTUAL_PAGE}/`)) {
        const path = `${id.slice(`\0${VIRTUAL_PAGE}`.length)}/`;
        const data = pageData(path);
        if (!data) throw new ContentError(`No article or listing at ${path}`);
        return `export default ${JSON.stringify(data)};\n`;
      }
      return undefined;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(contentDir()) || !file.endsWith(".md")) return;
      cache = undefined;
      for (const mod of server.moduleGraph.idToModuleMap.values()) {
        if (mod.id?.startsWith("\0virtual:article")) server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
