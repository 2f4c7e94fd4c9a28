/**
 * The step validators of a version published since the build, made by the server with the build's own code
 * (engine/node/stepValidators.ts) and bundled into one self-contained module each, named by its content: served
 * as immutable assets under /flow-assets/, loaded by the quote page with import() (no schema compiler and no `eval`
 * in the browser, so the Content Security Policy stays as it is). Any instance makes the same bytes from the same
 * published version, so whichever instance a browser asks answers it.
 */
import { createHash } from "node:crypto";
import { build } from "esbuild";
import type { FlowDocument } from "../../engine/core/types";
import { repoRoot } from "../../engine/node/formsFolder";
import { validatorModule, versionValidatorSchemas } from "../../engine/node/stepValidators";

/** Where the assets are served. */
export const FLOW_ASSETS = "/flow-assets";

/** One validator: its address and its code. */
export interface ValidatorAsset {
  url: string;
  code: string;
}

/** A version's validators by key ("<stepId>[:variant]"). */
export type VersionValidators = Map<string, ValidatorAsset>;

/** `/flow-assets/<flow>/v<N>/<key>.<hash>.js`: the key encoded for a path, the hash of the code. */
export function validatorUrl(flow: FlowDocument, key: string, code: string): string {
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  return `${FLOW_ASSETS}/${flow.id}/v${flow.version}/${encodeURIComponent(key)}.${hash}.js`;
}

/** Bundles one validator module with the format checks and Ajv runtime helpers it imports. */
async function bundle(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: "js", sourcefile: "validator.js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** Makes each of the version's validators, remembering them by the version's document (a published one never changes). */
export function validatorAssets(): { of(flow: FlowDocument): Promise<VersionValidators> } {
  const made = new Map<string, Promise<VersionValidators>>();
  return {
    of(flow) {
      const key = `${flow.id}@${flow.version}:${createHash("sha256").update(JSON.stringify(flow)).digest("hex")}`;
      let assets = made.get(key);
      if (!assets) {
        assets = (async () => {
          const entries = await Promise.all([...versionValidatorSchemas(flow)].map(async ([step, schema]) => {
            const code = await bundle(validatorModule(schema));
            return [step, { url: validatorUrl(flow, step, code), code }] as const;
          }));
          return new Map(entries);
        })();
        assets.catch(() => made.delete(key));
        made.set(key, assets);
      }
      return assets;
    },
  };
}
