/**
 * Vite plugin: `virtual:flow-manifest` lists every flow (id, route, title, versions, traffic split) without
 * their documents; each version's document is a lazy import, so a quote page loads only its own flow.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import type { FlowDocument } from "../../engine/core/types";
import type { TrafficSplit } from "../../schemas/generated/split";

const formsDir = fileURLToPath(new URL("../../forms/", import.meta.url));
const VIRTUAL = "virtual:flow-manifest";

/** What the site knows of a flow before loading a version. */
export interface FlowSummary {
  id: string;
  path: string;
  title: string;
  serviceType?: string;
  defaultVersion: number;
  weights: Record<string, number>;
  versions: number[];
}

/** Reads every flow folder under forms/. */
export function readFlowSummaries(root = formsDir): FlowSummary[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = path.join(root, entry.name);
      const versions = readdirSync(dir)
        .map((file) => /^v(\d+)\.json$/.exec(file)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      if (versions.length === 0) return [];
      const split = readSplit(dir, versions);
      const doc = JSON.parse(readFileSync(path.join(dir, `v${split.default}.json`), "utf8")) as FlowDocument;
      return [{ id: doc.id, path: doc.path, title: doc.title, serviceType: doc.serviceType, defaultVersion: split.default, weights: split.weights, versions }];
    });
}

function readSplit(dir: string, versions: number[]): TrafficSplit {
  try {
    return JSON.parse(readFileSync(path.join(dir, "split.json"), "utf8")) as TrafficSplit;
  } catch {
    return { default: versions[0]!, weights: { [String(versions[0])]: 100 } };
  }
}

export function flowManifestPlugin(): Plugin {
  return {
    name: "flow-manifest",
    resolveId: (id) => (id === VIRTUAL ? "\0" + VIRTUAL : undefined),
    load(id) {
      if (id !== "\0" + VIRTUAL) return undefined;
      const flows = readFlowSummaries();
      const loaders = flows.map((flow) => {
        const entries = flow.versions.map(
          (v) => `${v}: () => import(${JSON.stringify(path.join(formsDir, flow.id, `v${v}.json`))}).then((m) => m.default)`,
        );
        return `  ${JSON.stringify(flow.id)}: { ${entries.join(", ")} },`;
      });
      return `export const flows = ${JSON.stringify(flows)};\nexport const loaders = {\n${loaders.join("\n")}\n};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(formsDir)) return;
      const mod = server.moduleGraph.getModuleById("\0" + VIRTUAL);
      if (mod) server.moduleGraph.invalidateModule(mod);
    },
  };
}
