/**
 * Loads a flow document: checks it against flow.schema.json and the rules a schema cannot state
 * (unique step ids, known targets and upsell flows, known fields in conditions), with messages naming file and step.
 */
import type Ajv from "ajv";
import { conditionVars, isKnownOperator } from "./conditions";
import { isFieldKey } from "./fieldLibrary";
import type { FlowDocument, Step, Target } from "./types";

/** A flow document that failed to load; `problems` each name the file and, where there is one, the step. */
export class FlowError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "FlowError";
  }
}

export interface CheckFlowOptions {
  /** Flow ids that a `{ "flow": … }` target or an upsell service may name; unchecked when absent. */
  knownFlows?: ReadonlySet<string>;
}

/** Returns the document as a FlowDocument, or throws a FlowError listing every problem. */
export function checkFlow(ajv: Ajv, doc: unknown, file: string, options: CheckFlowOptions = {}): FlowDocument {
  const validate = ajv.getSchema("flow.schema.json");
  if (!validate) throw new Error("flow.schema.json is not registered with Ajv");
  if (!validate(doc)) {
    const problems = (validate.errors ?? []).map((e) => {
      const where = placeOf(doc, e.instancePath);
      return `${file}: ${where}${e.instancePath || "/"} ${e.message ?? "is invalid"}`;
    });
    throw new FlowError(problems);
  }
  const flow = doc as FlowDocument;
  const problems = ruleProblems(flow, options).map((p) => `${file}: ${p}`);
  if (problems.length) throw new FlowError(problems);
  return flow;
}

function ruleProblems(flow: FlowDocument, { knownFlows }: CheckFlowOptions): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const step of flow.steps) {
    if (ids.has(step.id)) problems.push(`step "${step.id}": duplicate step id`);
    ids.add(step.id);
  }
  if (!ids.has(flow.start)) problems.push(`start: unknown step "${flow.start}"`);
  for (const step of flow.steps) {
    for (const target of targetsOf(step)) {
      if (typeof target === "string" && !ids.has(target)) {
        problems.push(`step "${step.id}": next names unknown step "${target}"`);
      }
      if (typeof target === "object" && knownFlows && !knownFlows.has(target.flow)) {
        problems.push(`step "${step.id}": next names unknown flow "${target.flow}"`);
      }
    }
    if (step.kind === "upsell" && knownFlows) {
      for (const service of step.services) {
        if (!knownFlows.has(service.flow)) problems.push(`step "${step.id}": upsell offers unknown flow "${service.flow}"`);
      }
    }
    for (const condition of conditionsOf(step)) {
      for (const name of conditionVars(condition)) {
        if (!isFieldKey(name)) problems.push(`step "${step.id}": condition reads unknown field "${name}"`);
      }
      for (const operator of operatorsOf(condition)) {
        if (!isKnownOperator(operator)) problems.push(`step "${step.id}": condition uses unknown operator "${operator}"`);
      }
    }
    if ("next" in step && Array.isArray(step.next) && step.next.at(-1)?.when) {
      problems.push(`step "${step.id}": the last rule of next needs no "when", so some rule always applies`);
    }
  }
  return problems;
}

/** Every target a step's transition may lead to. */
export function targetsOf(step: Step): Target[] {
  if (!("next" in step) || step.next === undefined) return [];
  return typeof step.next === "string" ? [step.next] : step.next.map((rule) => rule.to);
}

function conditionsOf(step: Step): object[] {
  if (!("next" in step) || !Array.isArray(step.next)) return [];
  return step.next.flatMap((rule) => (rule.when ? [rule.when] : []));
}

function operatorsOf(condition: unknown): string[] {
  if (Array.isArray(condition)) return condition.flatMap(operatorsOf);
  if (!condition || typeof condition !== "object") return [];
  return Object.entries(condition).flatMap(([op, arg]) => [op, ...(op === "var" ? [] : operatorsOf(arg))]);
}

/** `step "id": ` for a path inside a step, so a schema error names the step it is in. */
function placeOf(doc: unknown, instancePath: string): string {
  const match = /^\/steps\/(\d+)/.exec(instancePath);
  if (!match) return "";
  const steps = (doc as { steps?: Array<{ id?: unknown }> }).steps;
  const id = steps?.[Number(match[1])]?.id;
  return typeof id === "string" ? `step "${id}": ` : `step #${Number(match[1]) + 1}: `;
}
