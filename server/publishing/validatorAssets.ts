/**
 * The step validators of a version published since the build, made by the server with the build's own code
 * (engine/node/stepValidators.ts) and bundled into one self-contained module each, in a thread of their own
 * (validatorThread.ts), named by its content: served as immutable assets under /flow-assets/, loaded by the quote
 * page with import() (no schema compiler and no `eval` in the browser, so the Content Security Policy stays as it is). Any instance makes the same bytes from the same
 * published version, so whichever instance a browser asks answers it.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AJV_RUNTIME_HELPERS, formatModules } from "../../engine/core/fieldFormats";
import type { FlowDocument, JsonSchema } from "../../engine/core/types";
import { versionValidatorSchemas, type ValidatorRuntime } from "../../engine/node/stepValidators";

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

/** The validators' thread, started on first use; it does not keep an idle process alive. */
function validatorThread(runtime: ValidatorRuntime | undefined): (schema: JsonSchema) => Promise<string> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (code: string) => void; reject: (error: Error) => void }>();
  const start = () => {
    // tsx's loader does not reach worker threads by itself: register it, then load the TypeScript entry.
    const tsx = import.meta.resolve("tsx/esm/api");
    const entry = new URL("./validatorThread.ts", import.meta.url).href;
    const started = new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
    started.unref();
    started.on("message", ({ id, code, error }: { id: number; code?: string; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (code !== undefined) waiting?.resolve(code);
      else waiting?.reject(new Error(`a validator could not be made: ${error}`));
    });
    const stop = (error: Error) => {
      worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on("error", stop);
    started.on("exit", (code) => stop(new Error(`the validators' thread stopped (exit code ${code})`)));
    return started;
  };
  return (schema) =>
    new Promise((resolve, reject) => {
      worker ??= start();
      worker.ref();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, schema, ...(runtime ? { runtime } : {}) });
    });
}

/**
 * Makes each of the version's validators, remembering them by the version's document (a published one never changes)
 * and their code by the step's schema (steps many versions share are made once). With the site's runtime chunk
 * (site/quote/validatorRuntime.ts, `runtime`), a validator imports its format checks from it.
 */
export function validatorAssets(runtime?: ValidatorRuntime): { of(flow: FlowDocument): Promise<VersionValidators> } {
  const made = new Map<string, Promise<VersionValidators>>();
  const codes = new Map<string, Promise<string>>();
  const bundle = validatorThread(runtime);
  const codeOf = (schema: JsonSchema) => {
    const key = createHash("sha256").update(JSON.stringify(schema)).digest("hex");
    let code = codes.get(key);
    if (!code) {
      code = bundle(schema);
      code.catch(() => codes.delete(key));
      codes.set(key, code);
    }
    return code;
  };
  return {
    of(flow) {
      const key = `${flow.id}@${flow.version}:${createHash("sha256").update(JSON.stringify(flow)).digest("hex")}`;
      let assets = made.get(key);
      if (!assets) {
        assets = (async () => {
          const entries = await Promise.all([...versionValidatorSchemas(flow)].map(async ([step, schema]) => {
            const code = await codeOf(schema);
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

/**
 * The site's runtime chunk as the build wrote it (its address in the Vite manifest), or undefined when the build
 * has none (an API-only server, a test site): validators then carry their own checks.
 */
export async function siteValidatorRuntime(siteDir: string): Promise<ValidatorRuntime | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(siteDir, ".vite", "manifest.json"), "utf8")) as Record<string, { file?: string; src?: string }>;
    const file = Object.values(manifest).find((chunk) => chunk.src !== undefined && `site/${chunk.src}` === RUNTIME_SOURCE)?.file;
    return file ? { url: `/${file}`, formats: Object.keys(formatModules), helpers: AJV_RUNTIME_HELPERS } : undefined;
  } catch {
    return undefined;
  }
}

/** The runtime chunk's source (the Vite manifest names it from the site's folder). */
const RUNTIME_SOURCE = "site/quote/validatorRuntime.ts";
