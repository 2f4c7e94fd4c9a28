/**
 * The sha256 sources of every inline script and style in the built site, so the Content Security Policy allows
 * exactly the inline scripts the build made (the consent-mode defaults before Tag Manager) and its inlined
 * stylesheet, and nothing else.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** Script types a browser runs; data blocks such as application/ld+json need no hash. */
const RUNNABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** `'sha256-…'` for each distinct inline script in the .html files under siteDir (none when it is missing), sorted. */
export async function inlineScriptHashes(siteDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(siteDir)) {
    for (const script of inlineScripts(await readFile(file, "utf8"))) hashes.add(hashSource(script));
  }
  return [...hashes].sort();
}

/** `'sha256-…'` for each distinct inline <style> element in the .html files under siteDir, sorted. */
export async function inlineStyleHashes(siteDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(siteDir)) {
    for (const match of (await readFile(file, "utf8")).matchAll(STYLE)) hashes.add(hashSource(match[1] ?? ""));
  }
  return [...hashes].sort();
}

/** The bodies of the inline scripts a browser would run in an HTML page. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(` ${attributes}`)?.[1]?.toLowerCase() ?? "";
    if (RUNNABLE_TYPES.has(type)) found.push(match[2] ?? "");
  }
  return found;
}

/** The CSP source for a script or style body: the hash of its exact text, as the browser computes it. */
export function hashSource(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => path.join(e.parentPath, e.name));
}
