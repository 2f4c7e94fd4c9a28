import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { contentPlugin } from "./site/build/contentPlugin";
import { flowManifestPlugin } from "./site/build/flowManifestPlugin";
import { stepValidatorsPlugin } from "./site/build/stepValidatorsPlugin";
import { tagManagerPlugin } from "./site/build/tagManagerPlugin";

const root = fileURLToPath(new URL("./", import.meta.url));

export default defineConfig({
  root: `${root}site`,
  envDir: root,
  plugins: [react(), flowManifestPlugin(), stepValidatorsPlugin(), contentPlugin(), tagManagerPlugin()],
  server: {
    // `npm run dev`: the API runs on :3000 (npm run start:api) and the dev server forwards to it.
    proxy: { "/api": "http://localhost:3000" },
    fs: { allow: [root] },
  },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    manifest: true,
    // Quote forms must run under a strict Content Security Policy: no eval, no inline scripts.
    modulePreload: { polyfill: false },
  },
});
