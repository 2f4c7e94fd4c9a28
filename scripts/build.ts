/**
 * Builds the site: the browser bundle, a server bundle used only to pre-render, then every page's HTML, the
 * sitemap, robots.txt and news feeds (scripts/prerender.ts), and compressed copies of it all (scripts/precompress.ts).
 * Output: dist/client (served), dist/studio (the flow studio, served to signed-in analysts), dist/server (build-time only). SITE_OUT_DIR puts both in another folder (inside the
 * project, so the pre-rendering bundle finds its packages), and SITE_CONTENT_DIR reads guides and news from another
 * folder: tests build a copy of the content this way. FORMS_DIR builds from another forms folder; a flow with an error
 * stops the build before anything is bundled, each finding naming its file, step and fix.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, loadEnv } from "vite";
import { formatFindings, hasErrors } from "../engine/core/findings";
import { formsDirFromEnv, loadFlowCorpus } from "../engine/node/formsFolder";
import { ContentError, contentDir, readArticles } from "../site/build/contentPlugin";
import { ukDate } from "../site/components/ukDate";
import { precompress } from "./precompress";
import { prerenderSite } from "./prerender";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const root = fileURLToPath(new URL("../", import.meta.url));
const outDir = path.resolve(root, process.env.SITE_OUT_DIR ?? "dist");

// A guide or news file that cannot be published is for its writer to fix: name the file and what is wrong, once,
// before any bundling, rather than in a bundler's stack trace.
try {
  readArticles(contentDir());
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Nothing broken ships: the flows are checked as forms:check checks them, and any error stops the build here.
const corpus = loadFlowCorpus(formsDirFromEnv());
const { findings } = corpus;
if (hasErrors(findings)) {
  console.error(`The quote flows have errors; nothing was built.\n${formatFindings(findings)}`);
  process.exit(1);
}
if (findings.length > 0) console.warn(formatFindings(findings));

// The pages show the brand the server is started with unless the build is told otherwise.
if (!process.env.VITE_BRAND && process.env.BRAND) process.env.VITE_BRAND = process.env.BRAND;
// Both bundles must agree on "today" (offers that have ended, the footer's year), so it is fixed once here.
process.env.VITE_BUILD_DATE = ukDate(new Date());

// The config is loaded through Vite's module runner, which resolves our extensionless TypeScript imports.
const shared = { configFile: `${root}vite.config.ts`, configLoader: "runner", logLevel: "warn" } as const;

const clientDir = path.join(outDir, "client");
await build({ ...shared, build: { outDir: clientDir, emptyOutDir: true } });
await build({
  ...shared,
  build: { ssr: `${root}site/entry-server.tsx`, outDir: path.join(outDir, "server"), emptyOutDir: true },
});
// The flow studio for signed-in analysts: its own bundle, served only behind the analysts' gate (never to visitors).
await build({ ...shared, base: "/analysts/studio/", build: { outDir: path.join(outDir, "studio"), emptyOutDir: true, manifest: false, rollupOptions: { input: `${root}site/studio/index.html` } } });
const pages = await prerenderSite(outDir, corpus.flows.flatMap((flow) => flow.versions.flatMap((v) => (v.flow ? [v.flow] : []))));
const compressed = await precompress(clientDir);
console.log(`Built ${pages.length} pages into ${path.relative(root, clientDir) || clientDir} (${compressed} files also as .br and .gz)`);

const env = loadEnv("production", root, "VITE_");
const missing = ["VITE_COMPANY_NUMBER", "VITE_COMPANY_ADDRESS"].filter((name) => !env[name]);
if (missing.length > 0)
  console.warn(`Before going live, set ${missing.join(" and ")}: the footer and legal pages leave them out until then.`);
