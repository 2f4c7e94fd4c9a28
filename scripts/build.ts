/**
 * Builds the site: the browser bundle, a server bundle used only to pre-render, then every page's HTML
 * (scripts/prerender.ts). Output: dist/client (served), dist/server (build-time only).
 */
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { prerenderSite } from "./prerender";

const root = fileURLToPath(new URL("../", import.meta.url));

// The config is loaded through Vite's module runner, which resolves our extensionless TypeScript imports.
const shared = { configFile: `${root}vite.config.ts`, configLoader: "runner", logLevel: "warn" } as const;

await build(shared);
await build({
  ...shared,
  build: { ssr: `${root}site/entry-server.tsx`, outDir: `${root}dist/server`, emptyOutDir: true },
});
const pages = await prerenderSite(root);
console.log(`Built ${pages.length} pages into dist/client`);
