/** Renders every static path of the site into dist/client/<path>/index.html, plus 404.html. */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface ServerEntry {
  render(url: string): Promise<{ html: string; head: string }>;
  staticPaths: string[];
}

/** Writes the pages and returns the paths written. */
export async function prerenderSite(root: string): Promise<string[]> {
  const clientDir = path.join(root, "dist/client");
  const template = await readFile(path.join(clientDir, "index.html"), "utf8");
  const entry = (await import(pathToFileURL(path.join(root, "dist/server/entry-server.js")).href)) as ServerEntry;
  const written: string[] = [];
  const pages = [...entry.staticPaths.map((url) => ({ url, file: path.join(clientDir, url, "index.html") })), { url: "/404", file: path.join(clientDir, "404.html") }];
  for (const { url, file } of pages) {
    const { html, head } = await entry.render(url);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, template.replace("<!--app-head-->", head).replace("<!--app-html-->", html));
    written.push(url);
  }
  return written;
}
