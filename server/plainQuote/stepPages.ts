/**
 * Draws a quote step on the server for a visitor without scripts, through the site's own React components: the
 * build's server bundle (dist/server/entry-server.js, the one that pre-renders the site) renders the quote page at
 * the step, into the page template the build wrote beside it (dist/server/quote-step.html). The step's state goes
 * into the page as JSON, so the page's script, when it runs, takes the same step over.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVED_STEP_ID, type ServedStep } from "../../engine/core/servedStep";

/** What the server bundle renders a step with. */
interface StepBundle {
  renderStep(url: string, version: number, served: ServedStep): Promise<{ html: string; head: string }>;
}

/** Draws a step's whole page. */
export interface StepRenderer {
  render(url: string, version: number, served: ServedStep): Promise<string>;
}

/** The template the build writes beside the server bundle: the site's page with its styles, before any content. */
export const STEP_TEMPLATE = "quote-step.html";

/** The renderer of a built site (`siteDir` is its client folder), or undefined when the build wrote no server bundle. */
export async function loadStepRenderer(siteDir: string): Promise<StepRenderer | undefined> {
  const serverDir = path.join(siteDir, "..", "server");
  const bundleFile = path.join(serverDir, "entry-server.js");
  const exists = (file: string) => stat(file).then((s) => s.isFile(), () => false);
  if (!(await exists(bundleFile)) || !(await exists(path.join(serverDir, STEP_TEMPLATE)))) return undefined;
  const template = await readFile(path.join(serverDir, STEP_TEMPLATE), "utf8");
  const bundle = (await import(pathToFileURL(bundleFile).href)) as StepBundle;
  return {
    async render(url, version, served) {
      const { html, head } = await bundle.renderStep(url, version, served);
      // JSON in a data block: never run, so the Content Security Policy has nothing to allow; "<" escaped so no
      // answer can close the element.
      const data = `<script type="application/json" id="${SERVED_STEP_ID}">${JSON.stringify(served).replace(/</g, "\\u003c")}</script>`;
      return template
        .replace("<!--app-head-->", () => head)
        .replace("<!--app-html-->", () => html)
        .replace("</body>", () => `${data}</body>`);
    },
  };
}
