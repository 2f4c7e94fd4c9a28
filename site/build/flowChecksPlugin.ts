/**
 * Vite plugin: the flow checks on every build and every save. A build stops on an error, naming file, step and
 * fix. In development the forms folder is watched: each save is read again and checked, the flow modules are
 * refreshed and the browser reloads; while there are errors they are shown over the page instead, as Vite shows
 * a compile error, and the page behind keeps the last good version. A page that holds drafts of the flows itself
 * (the flow studio) asks to be left out of both with FLOWS_QUIET_EVENT.
 */
import type { Plugin, ViteDevServer } from "vite";
import { formatFindings, hasErrors } from "../../engine/core/findings";
import { FLOWS_QUIET_EVENT } from "../studio/flowsQuietEvent";
import type { FormsSource } from "./formsSource";

/** Virtual modules made from the forms folder (flow manifest, flow documents, step validators). */
const FROM_FORMS = /^\0virtual:(flow-|step-validator)/;

/**
 * How long the folder must be quiet before it is read again: a save can be seen while the file is still being
 * written (empty, or half there), and the watcher may report the rest of the write as the same change.
 */
export const SETTLE_MS = 40;

/** The overlay's payload while the forms folder has errors. */
export function overlayPayload(forms: FormsSource) {
  const errors = forms.corpus().findings.filter((f) => f.severity === "error");
  if (errors.length === 0) return undefined;
  const message = `The quote flows have errors: the page shows each flow's last good version until they are fixed.\n\n${formatFindings(errors)}`;
  return { type: "error" as const, err: { message, stack: "", plugin: "flow-checks", id: errors[0]!.file } };
}

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
    buildStart() {
      const { findings } = forms.corpus();
      if (command === "build" && hasErrors(findings)) this.error(`The quote flows have errors; nothing is built until they are fixed.\n${formatFindings(findings)}`);
    },
    configureServer(dev) {
      server = dev;
      dev.watcher.add(forms.dir);
      report();
      dev.ws.on(FLOWS_QUIET_EVENT, (_data, client) => quiet.add(client));
      // A page opened (or reopened) while there are errors shows them at once.
      dev.ws.on("vite:client:connect", (_data, client) => {
        const payload = overlayPayload(forms);
        if (payload) client.send(payload);
      });
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
        const payload = overlayPayload(forms) ?? { type: "full-reload" as const };
        for (const client of dev.ws.clients) if (!quiet.has(client)) client.send(payload);
      }, SETTLE_MS);
      return [];
    },
  };
}
