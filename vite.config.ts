import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { contentPlugin } from "./site/build/contentPlugin";
import { flowChecksPlugin } from "./site/build/flowChecksPlugin";
import { flowManifestPlugin } from "./site/build/flowManifestPlugin";
import { formsSource } from "./site/build/formsSource";
import { stepValidatorsPlugin } from "./site/build/stepValidatorsPlugin";
import { tagManagerPlugin } from "./site/build/tagManagerPlugin";

const root = fileURLToPath(new URL("./", import.meta.url));
// One reading of the forms folder (FORMS_DIR, else forms/) for every plugin that uses it.
const forms = formsSource();

export default defineConfig({
  root: `${root}site`,
  envDir: root,
  plugins: [react(), flowChecksPlugin(forms), flowManifestPlugin(forms), stepValidatorsPlugin(forms), contentPlugin(), tagManagerPlugin()],
  server: {
    // The live preview (npm run preview:flows) serves the API from the same port: nothing to proxy.
    fs: { allow: [root, forms.dir] },
  },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    manifest: true,
    // Quote forms must run under a strict Content Security Policy: no eval, no inline scripts.
    modulePreload: { polyfill: false },
  },
});
