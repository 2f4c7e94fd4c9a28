/**
 * `npm run preview:flows`: the site and its API together on one port, for analysts trying flows (and developers).
 * Pages come from Vite's development server, so a saved edit to a flow shows in the browser at once; each save is
 * checked and the findings are shown over the page until they are fixed. The API is the real server over the same
 * forms folder, read again on each save. PORT (3000) and HOST (localhost) as for `npm start`; FORMS_DIR previews
 * another forms folder; leads and funnel counts go to DATA_DIR (data/preview) and are never sent to buyers. The
 * flow studio (/studio/) edits and saves that folder's flows, so it is served only while HOST is loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer as createViteServer } from "vite";
import { displayPath, formsDirWords, repoRoot } from "../engine/node/formsFolder";
import { SETTLE_MS } from "../site/build/flowChecksPlugin";
import { pictureUrl } from "../server/analysts/flowsPage";
import { buildServer } from "../server/buildServer";
import { loadConfig } from "../server/config";
import { loadFlowCatalog } from "../server/flowCatalog";
import { flowSvg } from "./formsGraph";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import { isStudioUrl, studioRouting } from "./support/studioRouting";
import { isLoopback } from "../server/studio/studioApi";
import { storeWords } from "../server/cli/storeWords";

/** A running preview. */
export interface LivePreview {
  url: string;
  close(): Promise<void>;
}

/**
 * Who answers a request: the API server (and the analysts' pages, open here without signing in; the old
 * /dev/flows/ redirects to them), a flow picture drawn now, the flow studio (scripts/support/studioRouting.ts),
 * or Vite (the pages and their modules).
 */
export function previewTarget(url: string): "server" | "picture" | "studio" | "site" {
  const pathname = url.split("?")[0] ?? "/";
  if (isStudioUrl(pathname)) return "studio";
  if (/^\/analysts\/flows\/[a-z0-9-]+-v\d+\.svg$/.test(pathname)) return "picture";
  if (pathname.startsWith("/api/") || pathname === "/analysts" || pathname.startsWith("/analysts/") || pathname === "/dev/flows" || pathname === "/dev/flows/") return "server";
  return "site";
}

/** The preview's first line: the forms folder it reads and where its leads and counts go. */
export function previewReading(env: NodeJS.ProcessEnv = process.env): string {
  const config = loadConfig({ DATA_DIR: "data/preview", ...env });
  const store = config.databaseUrl ? storeWords(config, env) : `${displayPath(config.dataDir)}/ (${env.DATA_DIR ? "DATA_DIR" : "DATA_DIR unset: the preview's own folder"})`;
  return `Previewing ${formsDirWords(env)}; leads and counts go to ${store}`;
}

/** Starts the preview with these settings (the environment's, by default). */
export async function startLivePreview(env: NodeJS.ProcessEnv = process.env): Promise<LivePreview> {
  const config = loadConfig({ LOG_LEVEL: "warn", DATA_DIR: "data/preview", ...env });
  const flows = loadFlowCatalog(config.formsDir);
  const httpServer = http.createServer();
  // Posts are taken from the preview's own address, which this server, not the app's, listens on.
  const app = await buildServer({ config, flows, deliveryWorker: false, listening: () => httpServer.address(), analysts: "open" });
  await app.ready();

  // The Vite plugins read FORMS_DIR: the same folder as the server.
  process.env.FORMS_DIR = config.formsDir;
  const vite = await createViteServer({
    configFile: path.join(repoRoot, "vite.config.ts"),
    configLoader: "runner",
    appType: "spa",
    // A quiet server (LOG_LEVEL error, as in tests) keeps Vite quiet too.
    ...(["error", "fatal", "silent"].includes(config.logLevel) ? { logLevel: "silent" as const } : {}),
    server: { middlewareMode: true, ws: { server: httpServer } },
    // Its own cache of prebundled dependencies, beside its data: previews of other copies started at the same
    // moment (tests, benches) would otherwise rebuild one shared cache under each other's pages.
    cacheDir: path.join(config.dataDir, "vite-cache"),
  });
  // The server reads the forms folder again on each save, as the plugins do, keeping the last good copies.
  let settling: ReturnType<typeof setTimeout> | undefined;
  vite.watcher.on("all", (_event, file) => {
    if (!file.startsWith(`${config.formsDir}${path.sep}`)) return;
    clearTimeout(settling);
    settling = setTimeout(() => flows.reload(), SETTLE_MS);
  });
  // A studio save is read at once, by the server and by Vite's plugins, so the preview at ?v=N shows it right after.
  const studio = await studioRouting({
    formsDir: config.formsDir,
    host: config.host,
    logLevel: config.logLevel,
    vite,
    saved: (files) => {
      flows.reload();
      for (const file of files) vite.watcher.emit("change", file);
    },
  });

  httpServer.on("request", (req, res) => {
    const target = previewTarget(req.url ?? "/");
    if (target === "server") return app.routing(req, res);
    if (target === "studio") return studio.handle(req, res, () => vite.middlewares(req, res, () => app.routing(req, res)));
    if (target === "picture") {
      const drawn = flows.corpus().flows.flatMap((flow) => flow.versions.map((v) => ({ url: pictureUrl(flow.id, v.version), doc: v.current ?? v.flow })));
      const doc = drawn.find((d) => d.url === req.url?.split("?")[0])?.doc;
      res.writeHead(doc ? 200 : 404, { "content-type": "image/svg+xml", "cache-control": "no-store" });
      return res.end(doc ? flowSvg(doc) : "");
    }
    vite.middlewares(req, res, () => app.routing(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}/`,
    async close() {
      clearTimeout(settling);
      await vite.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await app.close();
      await studio.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  console.log(previewReading());
  const preview = await startLivePreview();
  const studio = isLoopback(preview.url.replace(/^http:\/\//, "").replace(/:\d+\/$/, "")) ? `the flow studio at ${preview.url}studio/` : "no flow studio: HOST is not loopback";
  console.log(`Live preview at ${preview.url} (quote pages under ${preview.url}quote/, every flow at ${preview.url}analysts/flows/, ${studio}). Edit the flows and save: the page follows.`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void preview.close().then(() => process.exit(0)));
}
