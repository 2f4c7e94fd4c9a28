/**
 * Vite plugin for guides and news: Markdown files with front matter under site/content/{guides,news}/,
 * checked and rendered to HTML at build time, so no Markdown library reaches the browser.
 *
 * `virtual:articles` exports `articles` (every article's front matter, path and reading time, newest first)
 * and `loaders` (path → lazy import of that article's HTML).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import matter from "gray-matter";
import MarkdownIt from "markdown-it";
import type { Plugin } from "vite";
import articleSchema from "../../schemas/article.schema.json";
import type { ArticleFrontMatter } from "../../schemas/generated/article";

const defaultContentDir = fileURLToPath(new URL("../content/", import.meta.url));
const VIRTUAL_INDEX = "virtual:articles";
const VIRTUAL_ARTICLE = "virtual:article/";

/** Words a visitor reads in a minute, for the reading time. */
const WORDS_PER_MINUTE = 200;

export type ArticleKind = "guide" | "news";

/** What listings, feeds and the sitemap know of an article. */
export interface ArticleSummary extends Omit<ArticleFrontMatter, "category" | "service"> {
  kind: ArticleKind;
  /** The guide category or news service: the first segment of the article's path. */
  section: string;
  slug: string;
  /** `/business-energy/guides/how-to-read-your-bill/` or `/business-energy/news/…/`. */
  path: string;
  words: number;
  readingMinutes: number;
  /** The source file, relative to the content folder, for messages. */
  file: string;
}

export interface Article extends ArticleSummary {
  html: string;
}

/** A content file that cannot be published, named with what is wrong. */
export class ContentError extends Error {
  override name = "ContentError";
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });
const validate = new Ajv({ allErrors: true }).compile<ArticleFrontMatter>(articleSchema);

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
          articles.push(readArticle(path.join(root, file), file, kind, key, section.name));
        } catch (error) {
          problems.push(error instanceof ContentError ? error.message : `${file}: ${(error as Error).message}`);
        }
      }
    }
  }
  const paths = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const article of articles) {
    if (paths.has(article.path)) problems.push(`${article.file}: same address as ${paths.get(article.path)}`);
    if (titles.has(article.title)) problems.push(`${article.file}: title "${article.title}" is already used by ${titles.get(article.title)}`);
    paths.set(article.path, article.file);
    titles.set(article.title, article.file);
  }
  if (problems.length) throw new ContentError(`Content cannot be published:\n${problems.join("\n")}`);
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.path.localeCompare(b.path));
}

function readArticle(absolute: string, file: string, kind: ArticleKind, key: "category" | "service", section: string): Article {
  const source = readFileSync(absolute, "utf8");
  if (!source.startsWith("---")) throw new ContentError(`${file}: no front matter (start the file with --- and the fields title, description, date, author, ${key}, summary)`);
  const parsed = matter(source);
  const data = Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, v instanceof Date ? v.toISOString().slice(0, 10) : v]));
  if (!validate(data)) {
    const why = (validate.errors ?? []).map((e) => `${e.instancePath.slice(1) || "front matter"} ${e.message ?? "is invalid"}${e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : ""}`);
    throw new ContentError(`${file}: ${why.join("; ")}`);
  }
  if (data[key] !== section) throw new ContentError(`${file}: ${key} is "${String(data[key] ?? "")}" but the file is in ${section}/`);
  if (data.updated && data.updated < data.date) throw new ContentError(`${file}: updated (${data.updated}) is before date (${data.date})`);
  const { category: _category, service: _service, ...frontMatter } = data;
  const slug = path.basename(file, ".md");
  const words = parsed.content.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return {
    ...frontMatter,
    kind,
    section,
    slug,
    path: `/${section}/${kind === "guide" ? "guides" : "news"}/${slug}/`,
    words,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    file,
    html: markdown.render(parsed.content),
  };
}

export function contentPlugin(): Plugin {
  let cache: Article[] | undefined;
  const articles = () => (cache ??= readArticles());
  return {
    name: "articles",
    resolveId: (id) => (id === VIRTUAL_INDEX || id.startsWith(VIRTUAL_ARTICLE) ? `\0${id}` : undefined),
    load(id) {
      if (id === `\0${VIRTUAL_INDEX}`) {
        const summaries = articles().map(({ html: _html, ...summary }) => summary);
        const loaders = articles().map((a) => `  ${JSON.stringify(a.path)}: () => import(${JSON.stringify(VIRTUAL_ARTICLE + a.path.slice(1, -1))}),`);
        return `export const articles = ${JSON.stringify(summaries)};\nexport const loaders = {\n${loaders.join("\n")}\n};\n`;
      }
      if (id.startsWith(`\0${VIRTUAL_ARTICLE}`)) {
        const wanted = `/${id.slice(`\0${VIRTUAL_ARTICLE}`.length)}/`;
        const article = articles().find((a) => a.path === wanted);
        if (!article) throw new ContentError(`No article at ${wanted}`);
        return `export default ${JSON.stringify({ html: article.html })};\n`;
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
