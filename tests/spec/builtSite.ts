/**
 * The built site (dist/client) as a visitor's browser receives it: each page's pre-rendered HTML, parsed with the
 * DOMParser of the test's jsdom environment (`// @vitest-environment jsdom`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// From the project folder (where vitest runs): a jsdom environment's import.meta.url is not a file address.
const clientDir = path.resolve("dist/client");

/** The pre-rendered page at this address ("/business-energy/"), parsed; throws when the build has no such page. */
export function builtPage(address: string): Document {
  const file = path.join(clientDir, address, "index.html");
  if (!existsSync(clientDir)) throw new Error("dist/client is missing: run `npm run build` first (npm test does).");
  if (!existsSync(file)) throw new Error(`The build has no page at ${address}`);
  return parseHtml(readFileSync(file, "utf8"));
}

/** The built file at this path under dist/client ("404.html"), parsed. */
export function builtFile(file: string): Document {
  return parseHtml(readFileSync(path.join(clientDir, file), "utf8"));
}

function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

/** A page's words without parsing it (for a test outside a jsdom environment): its HTML with the tags taken out. */
export function builtText(address: string): string {
  const html = readFileSync(path.join(clientDir, address, "index.html"), "utf8");
  return html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

/** Whether the build has a page at this address. */
export function hasBuiltPage(address: string): boolean {
  return existsSync(path.join(clientDir, address, "index.html"));
}

/** A page's visible words, with runs of white space made single. */
export function textOf(node: ParentNode): string {
  const element: Node = "body" in node ? (node as Document).body : (node as Node);
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The text of each element matching `selector`. */
export function textsOf(node: ParentNode, selector: string): string[] {
  return [...node.querySelectorAll(selector)].map(textOf);
}
