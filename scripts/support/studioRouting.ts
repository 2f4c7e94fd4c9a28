/**
 * The flow studio inside the live preview: /studio/api/ goes to the studio's API, the studio's pages get its HTML
 * shell (site/studio/index.html, through Vite so its modules load), and its modules come from Vite. The studio
 * writes files in the forms folder, so it is served only while the preview listens on loopback.
 */
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { repoRoot } from "../../engine/node/formsFolder";
import { buildStudioApi, isLoopback } from "../../server/studio/studioApi";

const SHELL = path.join(repoRoot, "site/studio/index.html");

/** Whether the studio answers this address (its pages, its API and its modules). */
export function isStudioUrl(url: string): boolean {
  const pathname = url.split("?")[0] ?? "/";
  return pathname === "/studio" || pathname.startsWith("/studio/");
}

/** Whether a studio page exists at this path: the list, a version of a flow whose file exists, the phone preview's frame. */
export function studioPageExists(pathname: string, formsDir: string): boolean {
  if (pathname === "/studio/" || pathname === "/studio/preview/") return true;
  const version = /^\/studio\/([a-z0-9][a-z0-9-]*)\/v([1-9][0-9]*)$/.exec(pathname);
  return version !== null && existsSync(path.join(formsDir, version[1]!, `v${version[2]!}.json`));
}

/** The studio's share of the preview's requests. */
export interface StudioRouting {
  /** Answers a studio request; `vite` is called for the studio's modules. */
  handle(req: IncomingMessage, res: ServerResponse, vite: () => void): void;
  close(): Promise<void>;
}

export async function studioRouting({ formsDir, host, logLevel, vite, saved }: { formsDir: string; host: string; logLevel: string; vite: ViteDevServer; saved: (files: string[]) => void }): Promise<StudioRouting> {
  const api = await buildStudioApi({ formsDir, saved, logLevel });
  const served = isLoopback(host);
  const page = async (url: string, status: number, res: ServerResponse) => {
    const html = await vite.transformIndexHtml(url, readFileSync(SHELL, "utf8"));
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(html);
  };
  return {
    handle(req, res, next) {
      const url = req.url ?? "/";
      const pathname = url.split("?")[0] ?? "/";
      if (!served) {
        res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
        return void res.end(`The flow studio is served only when the preview listens on loopback (HOST=localhost or 127.0.0.1), not on ${host}: it writes files in the forms folder.\n`);
      }
      if (pathname.startsWith("/studio/api/")) return api.routing(req, res);
      if (pathname === "/studio") {
        res.writeHead(301, { location: "/studio/" });
        return void res.end();
      }
      // A module or a stylesheet (a name with a dot): Vite's; any other address is a page.
      if ((pathname.split("/").pop() ?? "").includes(".")) return next();
      page(url, studioPageExists(pathname, formsDir) ? 200 : 404, res).catch((error: unknown) => {
        vite.ssrFixStacktrace(error as Error);
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`The studio's page could not be made: ${(error as Error).message}\n`);
      });
    },
    close: () => api.close(),
  };
}
