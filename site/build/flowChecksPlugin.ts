/**
 * Vite plugin: the flow checks on every build and every save. A build stops on an error, naming file, step and
 * fix. In development the forms folder is watched: each save is read again and checked, the flow modules are
 * refreshed and the browser reloads; while there are errors they are shown over the page instead, in a box of our
 * own words (site/dev/flowFindingsBox.ts, added to the pages in development only), and the page behind keeps the
 * last good version. A page that holds drafts of the flows itself (the flow studio) asks to be left out of both
 * with FLOWS_QUIET_EVENT.
 */
import type { Plugin, ViteDevServer } from "vite";
import { formatFindings, hasErrors } from "../../engine/core/findings";
import { ASK_EVENT, FINDINGS_EVENT } from "../dev/flowFindingsBox";
import { FLOWS_QUIET_EVENT } from "../studio/flowsQuietEvent";
import { findingsBox } from "./flowFindingsBox";
import type { FormsSource } from "./formsSource";

/** Virtual modules made from the forms folder (flow manifest, flow documents, step validators). */
const FROM_FORMS = /^\0virtual:(flow-|step-validator)/;

/**
 * How long the folder must be quiet before it is read again: a save can be seen while the file is still being
 * written (empty, or half there), and the watcher may report the rest of the write as the same change.
 */
export const SETTLE_MS = 40;

/** The script that draws the box, from the site's root; the studio's pages show findings their own way. */
const BOX_SCRIPT = "/dev/flowFindingsBox.ts";

export function flowChecksPlugin(forms: FormsSource): Plugin {
  let command: "build" | "serve" = "serve";
  let server: ViteDevServer | undefined;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const quiet = new WeakSet<object>();
  const report = () => {
    const { findings } = forms.corpus();
    if (findings.length > 0) server?.config.logger.warn(formatFindings(findings), { timestamp: true });
  };
  return {
    name: "flow-checks",
    configResolved(config) {
      command = config.command;
    },
    transformIndexHtml(_html, context) {
      if (command !== "serve" || context.path.startsWith("/studio/")) return;
      return [{ tag: "script", attrs: { type: "module", src: BOX_SCRIPT }, injectTo: "body" }];
    },
    buildStart() {
      const { findings } = forms.corpus();
      if (command === "build" && hasErrors(findings)) this.error(`The quote flows have errors; nothing is built until they are fixed.\n${formatFindings(findings)}`);
    },
    configureServer(dev) {
      server = dev;
      dev.watcher.add(forms.dir);
      report();
      dev.ws.on(FLOWS_QUIET_EVENT, (_data, client) => quiet.add(client));
      // A page opened (or reopened) while there are errors shows them as soon as its box script listens.
      dev.ws.on(ASK_EVENT, (_data, client) => client.send(FINDINGS_EVENT, findingsBox(forms.corpus()) ?? null));
    },
    // A save still settling when the server closes is not read: the folder may be gone (a test's scratch copy).
    closeBundle() {
      clearTimeout(settling);
    },
    hotUpdate({ file, server: dev }) {
      if (!file.startsWith(`${forms.dir}/`)) return;
      // Once per save, not once per environment; the modules of every environment are refreshed below.
      if (this.environment.name !== "client") return [];
      clearTimeout(settling);
      settling = setTimeout(() => {
        forms.refresh();
        report();
        for (const environment of Object.values(dev.environments)) {
          for (const mod of environment.moduleGraph.idToModuleMap.values()) {
            if (mod.id && (FROM_FORMS.test(mod.id) || mod.file?.startsWith(`${forms.dir}/`))) environment.moduleGraph.invalidateModule(mod);
          }
        }
        const box = findingsBox(forms.corpus());
        for (const client of dev.ws.clients) {
          if (quiet.has(client)) continue;
          if (box) client.send(FINDINGS_EVENT, box);
          else client.send({ type: "full-reload" });
        }
      }, SETTLE_MS);
      return [];
    },
  };
}
