/**
 * Vite plugin: `virtual:flow-manifest` lists every flow that can be served (id, route, title, versions, traffic
 * split) without their documents; each version's document is a lazy import, so a quote page loads only its own
 * flow. A version whose file broke during the live preview is served from its last good copy.
 */
import type { Plugin } from "vite";
import { servedVersions, type FlowCorpus } from "../../engine/core/flowCorpus";
import type { FlowSummary } from "../quote/flowSummary";
import type { FormsSource } from "./formsSource";

const VIRTUAL = "virtual:flow-manifest";
const LAST_GOOD = "virtual:flow-document/";

/** The flows the site can serve: each with at least one version that loads. */
export function flowSummaries(corpus: FlowCorpus): FlowSummary[] {
  return corpus.flows.flatMap((flow) =>
    flow.defaultVersion === undefined
      ? []
      : [{ id: flow.id, path: flow.path, title: flow.title, ...(flow.serviceType ? { serviceType: flow.serviceType } : {}), defaultVersion: flow.defaultVersion, weights: flow.weights, versions: servedVersions(flow) }],
  );
}

export function flowManifestPlugin(forms: FormsSource): Plugin {
  return {
    name: "flow-manifest",
    resolveId: (id) => (id === VIRTUAL || id.startsWith(LAST_GOOD) ? "\0" + id : undefined),
    load(id) {
      if (id.startsWith("\0" + LAST_GOOD)) {
        const [flowId, version] = id.slice(LAST_GOOD.length + 1).split("@");
        const doc = forms.corpus().flows.find((f) => f.id === flowId)?.versions.find((v) => v.version === Number(version))?.flow;
        if (!doc) throw new Error(`flow-manifest: no good copy of ${flowId} v${version}`);
        return `export default ${JSON.stringify(doc)};\n`;
      }
      if (id !== "\0" + VIRTUAL) return undefined;
      const corpus = forms.corpus();
      const loaders = corpus.flows.flatMap((flow) => {
        const served = flow.versions.filter((v) => v.flow);
        if (served.length === 0) return [];
        const entries = served.map((v) => {
          // The file itself (so the build's manifest names it for preloading), or the last good copy when it is broken now.
          const source = v.stale ? `${LAST_GOOD}${flow.id}@${v.version}` : `${forms.dir}/${flow.id}/v${v.version}.json`;
          return `${v.version}: () => import(${JSON.stringify(source)}).then((m) => m.default)`;
        });
        return [`  ${JSON.stringify(flow.id)}: { ${entries.join(", ")} },`];
      });
      return `export const flows = ${JSON.stringify(flowSummaries(corpus))};\nexport const loaders = {\n${loaders.join("\n")}\n};\n`;
    },
  };
}
