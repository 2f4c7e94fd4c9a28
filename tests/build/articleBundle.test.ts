import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const assets = path.join(repo, "dist/client/assets");

/** Error messages each library carries in its code, which minifying keeps: a bundle holding one holds the library. */
const SIGNATURES: Record<string, string[]> = {
  "markdown-it": ["Input data should be a String", "Rules manager: invalid rule name"],
  "gray-matter": ["expected input to be a string or buffer", 'gray-matter engine "'],
  "js-yaml (gray-matter's YAML parser)": ["end of the stream or a document separator is expected"],
};

/** The Markdown libraries whose signatures appear in this code. */
function markdownLibrariesIn(source: string): string[] {
  return Object.entries(SIGNATURES)
    .filter(([, signs]) => signs.some((sign) => source.includes(sign)))
    .map(([library]) => library);
}

function builtScripts(): Array<{ file: string; source: string }> {
  if (!existsSync(assets)) throw new Error("dist/client is missing: run `npm run build` first (npm test does).");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, source: readFileSync(path.join(assets, file), "utf8") }));
}

const read = (file: string) => readFileSync(path.join(repo, "node_modules", file), "utf8");

describe("the guides and news in the browser", () => {
  it("recognises each Markdown library in its own published code, minified where it ships so", () => {
    expect(markdownLibrariesIn(read("markdown-it/dist/browser/markdown-it.esm.min.mjs"))).toEqual(["markdown-it"]);
    const grayMatter = ["index.js", ...readdirSync(path.join(repo, "node_modules/gray-matter/lib")).map((f) => `lib/${f}`)];
    expect(markdownLibrariesIn(grayMatter.map((file) => read(`gray-matter/${file}`)).join("\n"))).toEqual(["gray-matter"]);
    expect(markdownLibrariesIn(read("gray-matter/node_modules/js-yaml/dist/js-yaml.min.js"))).toEqual(["js-yaml (gray-matter's YAML parser)"]);
  });

  it("arrive as HTML made at build time: the built scripts hold the articles' words", () => {
    const sources = builtScripts().map(({ source }) => source);
    expect(sources.some((source) => source.includes("Climate Change Levy"))).toBe(true);
  });

  it("ship no Markdown library to the browser", () => {
    const offenders = builtScripts().flatMap(({ file, source }) => markdownLibrariesIn(source).map((library) => `${file}: ${library}`));
    expect(offenders).toEqual([]);
  });
});
