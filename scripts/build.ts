/**
 * Builds the site: the browser bundle, a server bundle used only to pre-render, then every page's HTML
 * (scripts/prerender.ts). Output: dist/client (served), dist/server (build-time only).
 */
import { fileURLToPath } from "node:url";
import { prerenderSite } from "./prerender";

// Vite warns that a future config loader will want file extensions on imports; that loader is not in use here.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= "true";
const { build } = await import("vite");

const root = fileURLToPath(new URL("../", import.meta.url));

await build({ configFile: `${root}vite.config.ts`, logLevel: "warn" });
await build({
  configFile: `${root}vite.config.ts`,
  logLevel: "warn",
  build: { ssr: `${root}site/entry-server.tsx`, outDir: `${root}dist/server`, emptyOutDir: true },
});
const pages = await prerenderSite(root);
console.log(`Built ${pages.length} pages into dist/client`);
