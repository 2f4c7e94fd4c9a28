/**
 * Builds the site: the browser bundle, a server bundle used only to pre-render, then every page's HTML, the
 * sitemap and robots.txt (scripts/prerender.ts), and compressed copies of it all (scripts/precompress.ts).
 * Output: dist/client (served), dist/server (build-time only).
 */
import { fileURLToPath } from "node:url";
import { build, loadEnv } from "vite";
import { ukDate } from "../site/components/ukDate";
import { precompress } from "./precompress";
import { prerenderSite } from "./prerender";

const root = fileURLToPath(new URL("../", import.meta.url));

// The pages show the brand the server is started with unless the build is told otherwise.
if (!process.env.VITE_BRAND && process.env.BRAND) process.env.VITE_BRAND = process.env.BRAND;
// Both bundles must agree on "today" (offers that have ended, the footer's year), so it is fixed once here.
process.env.VITE_BUILD_DATE = ukDate(new Date());

// The config is loaded through Vite's module runner, which resolves our extensionless TypeScript imports.
const shared = { configFile: `${root}vite.config.ts`, configLoader: "runner", logLevel: "warn" } as const;

await build(shared);
await build({
  ...shared,
  build: { ssr: `${root}site/entry-server.tsx`, outDir: `${root}dist/server`, emptyOutDir: true },
});
const pages = await prerenderSite(root);
const compressed = await precompress(`${root}dist/client`);
console.log(`Built ${pages.length} pages into dist/client (${compressed} files also as .br and .gz)`);

const env = loadEnv("production", root, "VITE_");
const missing = ["VITE_COMPANY_NUMBER", "VITE_COMPANY_ADDRESS"].filter((name) => !env[name]);
if (missing.length > 0)
  console.warn(`Before going live, set ${missing.join(" and ")}: the footer and legal pages leave them out until then.`);
