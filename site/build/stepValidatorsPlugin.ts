/**
 * Vite plugin: precompiles the validator of every validating step of every flow at build time, so the
 * browser ships plain validation functions (no runtime schema compiler, no `eval`).
 *
 * `virtual:step-validators` exports `loadStepValidator(flowId, version, key)`, key "<stepId>[:variant]":
 * it loads the flow version's small index of validators (`virtual:step-validators/<flowId>@<version>`), then
 * that one step's validator module, so a quote page carries no list of every other flow's steps. Form steps are compiled with RJSF's own code generator
 * (their module feeds `createPrecompiledValidator`); an address step has a "manual" and a "picked" variant.
 */
import path from "node:path";
import { _ } from "ajv";
import { compileSchemaValidatorsCode } from "@rjsf/validator-ajv8/compileSchemaValidators";
import type { RJSFSchema } from "@rjsf/utils";
import type { Plugin } from "vite";
import { formatModules } from "../../engine/core/fieldFormats";
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import { browserSchemas } from "../../engine/core/stepSchema";
import type { JsonSchema } from "../../engine/core/types";
import { repoRoot as root } from "../../engine/node/formsFolder";
import { precompileOptions } from "../../engine/node/validation";
import type { FormsSource } from "./formsSource";

const VIRTUAL_INDEX = "virtual:step-validators";
const VIRTUAL_STEP = "virtual:step-validator/";
const VIRTUAL_FLOW_INDEX = "virtual:step-validators/";
const RESOLVED_PREFIX = "\0";

/** The id every precompiled root schema is given, so its export has a stable name. */
export const VALIDATOR_EXPORT = "stepValidator";

/** Every validating step's schema of every version that can be served, keyed as the loaders are. */
export function validatorSchemas(corpus: FlowCorpus): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>();
  for (const flow of corpus.flows.flatMap((f) => f.versions.flatMap((v) => v.flow ?? []))) {
    for (const step of flow.steps) {
      for (const [variant, schema] of Object.entries(browserSchemas(step))) schemas.set(`${flow.id}@${flow.version}/${step.id}${variant}`, schema);
    }
  }
  return schemas;
}

/** The ES module source of one precompiled validator. */
export function validatorModule(schema: JsonSchema): string {
  const options = precompileOptions();
  const code = compileSchemaValidatorsCode({ ...schema, $id: VALIDATOR_EXPORT } as RJSFSchema, {
    ...options,
    ajvOptionsOverrides: { ...options.ajvOptionsOverrides, code: { esm: true, lines: false, formats: _`formats` } },
  });
  return `${formatImports(code)}\n${esmRuntimeImports(code)}`;
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

/** The plugin; its validators follow the forms source, so they change with a flow file in development. */
export function stepValidatorsPlugin(forms: FormsSource): Plugin {
  let made: { corpus: FlowCorpus; schemas: Map<string, JsonSchema> } | undefined;
  const current = () => {
    const corpus = forms.corpus();
    if (made?.corpus !== corpus) made = { corpus, schemas: validatorSchemas(corpus) };
    return made.schemas;
  };
  return {
    name: "step-validators",
    resolveId(id) {
      if (id === VIRTUAL_INDEX || id.startsWith(VIRTUAL_STEP) || id.startsWith(VIRTUAL_FLOW_INDEX)) return RESOLVED_PREFIX + id;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (name === VIRTUAL_INDEX) {
        const flowKeys = [...new Set([...current().keys()].map((key) => key.split("/")[0]!))];
        const entries = flowKeys.map((flowKey) => `  ${JSON.stringify(flowKey)}: () => import(${JSON.stringify(VIRTUAL_FLOW_INDEX + flowKey)}),`);
        return [
          `const flows = {\n${entries.join("\n")}\n};`,
          "export async function loadStepValidator(flowId, version, key) {",
          "  const index = flows[`${flowId}@${version}`];",
          "  const load = index && (await index()).loaders[key];",
          "  if (!load) throw new Error(`No precompiled validator for ${flowId} v${version} step ${key}`);",
          "  return load();",
          "}",
        ].join("\n");
      }
      if (name.startsWith(VIRTUAL_FLOW_INDEX)) {
        const flowKey = name.slice(VIRTUAL_FLOW_INDEX.length);
        const entries = [...current().keys()]
          .filter((key) => key.startsWith(`${flowKey}/`))
          .map((key) => `  ${JSON.stringify(key.slice(flowKey.length + 1))}: () => import(${JSON.stringify(VIRTUAL_STEP + key)}),`);
        return `export const loaders = {\n${entries.join("\n")}\n};\n`;
      }
      if (name.startsWith(VIRTUAL_STEP)) {
        const key = name.slice(VIRTUAL_STEP.length);
        const schema = current().get(key);
        if (!schema) throw new Error(`step-validators: no validating step "${key}" in forms/`);
        return validatorModule(schema);
      }
      return undefined;
    },
  };
}
