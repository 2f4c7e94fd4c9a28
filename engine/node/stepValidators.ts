/**
 * The precompiled validators of a flow's validating steps, as ES module source: one module per step (an address
 * step has a "manual" and a "picked" variant), made with RJSF's own code generator over Ajv's standalone output, so
 * the browser runs plain functions (no schema compiler, no `eval`). The build bundles them as virtual modules
 * (site/build/stepValidatorsPlugin.ts); the server bundles those of a version published since as assets of their own
 * (server/publishing/validatorAssets.ts).
 */
import path from "node:path";
import { _ } from "ajv";
import { compileSchemaValidatorsCode } from "@rjsf/validator-ajv8/compileSchemaValidators";
import type { RJSFSchema } from "@rjsf/utils";
import { formatModules } from "../core/fieldFormats";
import type { FlowCorpus } from "../core/flowCorpus";
import { browserSchemas } from "../core/stepSchema";
import type { FlowDocument, JsonSchema } from "../core/types";
import { repoRoot as root } from "./formsFolder";
import { precompileOptions } from "./validation";

/** One version's validating steps' schemas, keyed "<stepId>[:variant]" as the browser asks for them. */
export function versionValidatorSchemas(flow: FlowDocument): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>();
  for (const step of flow.steps) {
    for (const [variant, schema] of Object.entries(browserSchemas(step))) schemas.set(`${step.id}${variant}`, schema);
  }
  return schemas;
}

/** The id every precompiled root schema is given, so its export has a stable name. */
export const VALIDATOR_EXPORT = "stepValidator";

/** Every validating step's schema of every version that can be served, keyed as the loaders are. */
export function validatorSchemas(corpus: FlowCorpus): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>();
  for (const flow of corpus.flows.flatMap((f) => f.versions.flatMap((v) => v.flow ?? []))) {
    for (const [key, schema] of versionValidatorSchemas(flow)) schemas.set(`${flow.id}@${flow.version}/${key}`, schema);
  }
  return schemas;
}

/**
 * The format checks and Ajv helpers the site's own chunk gives (site/quote/validatorRuntime.ts): a validator made
 * for it imports them from `url` (the chunk's built address) instead of carrying its own copies.
 */
export interface ValidatorRuntime {
  url: string;
  formats: readonly string[];
  helpers: readonly string[];
}

/** The ES module source of one precompiled validator; with a runtime, importing what it gives from that chunk. */
export function validatorModule(schema: JsonSchema, runtime?: ValidatorRuntime): string {
  const options = precompileOptions();
  const code = compileSchemaValidatorsCode({ ...schema, $id: VALIDATOR_EXPORT } as RJSFSchema, {
    ...options,
    ajvOptionsOverrides: { ...options.ajvOptionsOverrides, code: { esm: true, lines: false, formats: _`formats` } },
  });
  return runtime ? `${runtimeImports(code, runtime)}` : `${formatImports(code)}\n${esmRuntimeImports(code)}`;
}

/** The generated code with its formats and Ajv helpers read from the site's chunk (any other helper bundled as before). */
function runtimeImports(code: string, runtime: ValidatorRuntime): string {
  const used = [...new Set([...code.matchAll(/formats\["([^"]+)"\]/g)].map((m) => m[1]!))];
  const missing = used.filter((format) => !runtime.formats.includes(format));
  if (missing.length > 0) throw new Error(`step-validators: the site's validator runtime has no check for format "${missing[0]}"`);
  const lines = [`import { formatCheck, ajvHelper } from ${JSON.stringify(runtime.url)};`, `const formats = { ${used.map((f) => `${JSON.stringify(f)}: await formatCheck(${JSON.stringify(f)})`).join(", ")} };`];
  const body = code.replace(/const (\w+) = require\("ajv\/dist\/runtime\/(\w+)"\)\.default;/g, (match, name: string, helper: string) =>
    runtime.helpers.includes(helper) ? `const ${name} = await ajvHelper(${JSON.stringify(helper)});` : match,
  );
  return `${lines.join("\n")}\n${esmRuntimeImports(body)}`;
}

/** Imports only the format checks the generated code reads (as `formats["name"]`). */
function formatImports(code: string): string {
  const used = [...new Set([...code.matchAll(/formats\["([^"]+)"\]/g)].map((m) => m[1]!))];
  const lines = used.map((format, i) => {
    const source = formatModules[format];
    if (!source) throw new Error(`step-validators: no check for format "${format}" in engine/core/fieldFormats.ts`);
    return `import { ${source.name} as format${i} } from ${JSON.stringify(path.join(root, source.module))};`;
  });
  const map = used.map((format, i) => `${JSON.stringify(format)}: format${i}`).join(", ");
  return `${lines.join("\n")}\nconst formats = { ${map} };`;
}

/** Ajv's standalone output still `require`s its runtime helpers in ESM mode; turn those into imports. */
function esmRuntimeImports(code: string): string {
  const imports: string[] = [];
  const body = code.replace(/const (\w+) = require\(("[^"]+")\)\.default;/g, (_match, name: string, module: string) => {
    imports.push(`import * as ${name}_module from ${module};`);
    return `const ${name} = ${name}_module.default?.default ?? ${name}_module.default;`;
  });
  if (/\brequire\(/.test(body)) throw new Error("step-validators: a precompiled validator still calls require()");
  return `${imports.join("\n")}\n${body}`;
}

