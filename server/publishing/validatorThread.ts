/**
 * The thread that makes published versions' validators (validatorAssets.ts): generating a validator's code takes
 * 50–120 ms of CPU, which on the server's own thread would hold every visitor's request behind it. Each message is
 * `{ id, schema, runtime? }`; the answer `{ id, code }` or `{ id, error }`.
 */
import { parentPort } from "node:worker_threads";
import { build } from "esbuild";
import type { JsonSchema } from "../../engine/core/types";
import { repoRoot } from "../../engine/node/formsFolder";
import { validatorModule, type ValidatorRuntime } from "../../engine/node/stepValidators";

/**
 * Bundles one validator module with the format checks and Ajv runtime helpers it imports: with the site's runtime
 * chunk, those it gives are imported from the chunk's address (left as it is), not bundled.
 */
async function bundledValidator(schema: JsonSchema, runtime: ValidatorRuntime | undefined): Promise<string> {
  const result = await build({
    stdin: { contents: validatorModule(schema, runtime), resolveDir: repoRoot, loader: "js", sourcefile: "validator.js" },
    plugins: runtime ? [{ name: "site-runtime", setup: (b) => b.onResolve({ filter: /^\// }, (args) => (args.path === runtime.url ? { path: args.path, external: true } : undefined)) }] : [],
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

parentPort!.on("message", ({ id, schema, runtime }: { id: number; schema: JsonSchema; runtime?: ValidatorRuntime }) => {
  bundledValidator(schema, runtime).then(
    (code) => parentPort!.postMessage({ id, code }),
    (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
  );
});
