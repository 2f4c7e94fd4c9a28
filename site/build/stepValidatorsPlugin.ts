/**
 * Vite plugin: precompiles the validator of every validating step of every flow at build time, so the
 * browser ships plain validation functions (no runtime schema compiler, no `eval`).
 *
 * `virtual:step-validators` exports `loadStepValidator(flowId, version, key)`, key "<stepId>[:variant]":
 * it loads the flow version's small index of validators (`virtual:step-validators/<flowId>@<version>`), then
 * that one step's validator module, so a quote page carries no list of every other flow's steps. Form steps are compiled with RJSF's own code generator
 * (their module feeds `createPrecompiledValidator`); an address step has a "manual" and a "picked" variant.
 */
import type { Plugin } from "vite";
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import type { JsonSchema } from "../../engine/core/types";
import { validatorModule, validatorSchemas } from "../../engine/node/stepValidators";
import type { FormsSource } from "./formsSource";

const VIRTUAL_INDEX = "virtual:step-validators";
const VIRTUAL_STEP = "virtual:step-validator/";
const VIRTUAL_FLOW_INDEX = "virtual:step-validators/";
const RESOLVED_PREFIX = "\0";

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
