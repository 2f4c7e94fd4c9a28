/**
 * Builds the site once from a copy of the content folder with the fixture articles added (tests/fixtures/content),
 * into a folder of its own, and checks each fixture was published everywhere with nothing else edited. A copy with
 * a broken fixture must stop the build, naming the file.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const fixtures = path.join(repo, "tests/fixtures/content");
// Inside the project (.tmp/ is ignored), so the pre-rendering bundle finds React and the rest in node_modules.
mkdirSync(path.join(repo, ".tmp"), { recursive: true });
const work = mkdtempSync(path.join(repo, ".tmp", "content-build-"));
const out = path.join(work, "out");

/** A copy of the site's guides and news, with these fixture files added (fixture path → path in the copy). */
function contentWith(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  for (const folder of ["guides", "news"]) cpSync(path.join(repo, "site/content", folder), path.join(dir, folder), { recursive: true });
  for (const [from, to] of Object.entries(files)) cpSync(path.join(fixtures, from), path.join(dir, to));
  return dir;
}

function build(contentDir: string, outDir: string) {
  return promisify(execFile)(path.join(repo, "node_modules/.bin/tsx"), ["scripts/build.ts"], {
    cwd: repo,
    env: { ...process.env, SITE_CONTENT_DIR: contentDir, SITE_OUT_DIR: outDir },
  });
}

const NEWS = "news/business-water/fixture-news-explainer.md";
const GUIDE = "guides/business-water/fixture-guide.md";
const BROKEN = "news/business-water/missing-summary.md";
let failed: { code?: number; stderr: string } | undefined;

beforeAll(async () => {
  const broken = build(contentWith("broken", { "broken/missing-summary.md": BROKEN }), path.join(work, "unused")).then(
    () => undefined,
    (error: { code?: number; stderr: string }) => error,
  );
  await build(contentWith("content", { [NEWS]: NEWS, [GUIDE]: GUIDE }), out);
  failed = await broken;
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const built = (file: string) => readFileSync(path.join(out, "client", file), "utf8");

describe("adding a Markdown file", () => {
  it("adds its page, with its heading in the HTML", () => {
    expect(built("business-water/news/fixture-news-explainer/index.html")).toContain("<h1>Fixture explainer: a news file added in a test</h1>");
    const guide = built("business-water/guides/fixture-guide/index.html");
    expect(guide).toContain("<h1>Fixture guide: a guide file added in a test</h1>");
    expect(guide).toContain('action="/quote/business-water/"');
  });

  it("adds its listing entry, newest first", () => {
    const news = built("business-water/news/index.html");
    const links = [...news.matchAll(/<h2 class="article-card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links[0]).toBe("/business-water/news/fixture-news-explainer/");
    expect(built("business-water/guides/index.html")).toContain('href="/business-water/guides/fixture-guide/"');
  });

  it("adds its sitemap entry", () => {
    const sitemap = built("sitemap.xml");
    expect(sitemap).toContain("<loc>http://localhost:3000/business-water/news/fixture-news-explainer/</loc>");
    expect(sitemap).toContain("<loc>http://localhost:3000/business-water/guides/fixture-guide/</loc>");
  });

  it("adds its feed entry, first in its service's feed", () => {
    const feed = built("business-water/news/feed.xml");
    const ids = [...feed.matchAll(/<entry>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids[0]).toBe("http://localhost:3000/business-water/news/fixture-news-explainer/");
    expect(feed).toContain("<updated>2030-01-15T00:00:00Z</updated>");
  });
});

describe("a Markdown file with broken front matter", () => {
  it("stops the build with a message naming the file and what is wrong", () => {
    expect(failed, "the build should have failed").toBeDefined();
    expect(failed!.code).toBe(1);
    expect(failed!.stderr).toContain(path.join("broken", BROKEN));
    expect(failed!.stderr).toContain("must have required property 'summary'");
  });
});
