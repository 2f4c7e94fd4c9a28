/**
 * Loads a flow document: checks it against flow.schema.json and the rules a schema cannot state (unique step
 * ids, known targets and the flows a step's kind names, known fields in conditions). Each finding names the file, the step and
 * the fix, with the nearest valid name. The schema check is passed in: the engine ships no schema compiler.
 */
import flowSchema from "../../schemas/flow.schema.json";
import { conditionVars, isKnownOperator, operatorNames } from "./conditions";
import { fieldKeys, isFieldKey } from "./fieldLibrary";
import { findingLine, hasErrors, type Finding } from "./findings";
import { kindOf } from "./kinds/registry";
import { didYouMean } from "./nearestName";
import { schemaFindings } from "./schemaFindings";
import type { FlowDocument, JsonSchema, SchemaCheck, Step, Target } from "./types";

/** A flow document that failed to load; each finding names the file and, where there is one, the step. */
export class FlowError extends Error {
  constructor(readonly findings: Finding[]) {
    super(findings.map(findingLine).join("\n"));
    this.name = "FlowError";
  }

  /** Each finding on one line: `file: step "id": message`. */
  get problems(): string[] {
    return this.findings.map(findingLine);
  }
}

export interface CheckFlowOptions {
  /** Flow ids that a `{ "flow": … }` target or an upsell service may name; unchecked when absent. */
  knownFlows?: ReadonlySet<string>;
}

/** The flow schema as the checks read it. */
export const flowSchemaSource = { schema: flowSchema as JsonSchema, name: "schemas/flow.schema.json" };

/** Every finding for a document, and the document as a FlowDocument when it has the flow's shape. */
export function flowFindings(check: SchemaCheck, doc: unknown, file: string, options: CheckFlowOptions = {}): { flow?: FlowDocument; findings: Finding[] } {
  const errors = check(flowSchemaSource.schema, doc);
  if (errors.length > 0) return { findings: schemaFindings(errors, doc, file, flowSchemaSource) };
  const flow = doc as FlowDocument;
  return { flow, findings: ruleFindings(flow, file, options) };
}

/** Returns the document as a FlowDocument, or throws a FlowError listing every problem. */
export function checkFlow(check: SchemaCheck, doc: unknown, file: string, options: CheckFlowOptions = {}): FlowDocument {
  const { flow, findings } = flowFindings(check, doc, file, options);
  if (!flow || hasErrors(findings)) throw new FlowError(findings);
  return flow;
}

function ruleFindings(flow: FlowDocument, file: string, { knownFlows }: CheckFlowOptions): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: string, step: string | undefined, message: string, fix: string) =>
    findings.push({ severity: "error", rule, file, ...(step ? { step } : {}), message, fix });
  const ids = new Set<string>();
  for (const step of flow.steps) {
    if (ids.has(step.id)) add("duplicate-step", step.id, "duplicate step id", "give each step its own id");
    ids.add(step.id);
  }
  const stepFix = (name: string) => didYouMean(name, ids, `the steps in this file are ${[...ids].join(", ")}`);
  const flowFix = (name: string) => didYouMean(name, knownFlows ?? [], `the flows are the folders under forms/: ${[...(knownFlows ?? [])].join(", ")}`);
  if (!ids.has(flow.start)) add("unknown-step", undefined, `start names unknown step "${flow.start}"`, stepFix(flow.start));
  for (const step of flow.steps) {
    for (const target of targetsOf(step)) {
      if (typeof target === "string" && !ids.has(target)) add("unknown-step", step.id, `next names unknown step "${target}"`, stepFix(target));
      if (typeof target === "object" && knownFlows && !knownFlows.has(target.flow)) add("unknown-flow", step.id, `next names unknown flow "${target.flow}"`, flowFix(target.flow));
    }
    // What the step's kind names of other flows (an upsell's or a success page's services).
    if (knownFlows) kindOf(step).references?.(step, { knownFlows, flowFix, report: (rule, message, fix) => add(rule, step.id, message, fix) });
    for (const condition of conditionsOf(step)) {
      for (const name of conditionVars(condition)) {
        if (!isFieldKey(name)) {
          add("unknown-field", step.id, `condition reads unknown field "${name}"`, didYouMean(name, fieldKeys, "field keys are in schemas/fields.schema.json (add a new field there)"));
        }
      }
      for (const operator of operatorsOf(condition)) {
        if (!isKnownOperator(operator)) add("unknown-operator", step.id, `condition uses unknown operator "${operator}"`, didYouMean(operator, operatorNames, "use a JSONLogic operator such as ==, !=, in, and, or"));
      }
    }
    if ("next" in step && Array.isArray(step.next) && step.next.at(-1)?.when) {
      add("last-rule-condition", step.id, 'the last rule of next has a "when", so some visitors may have nowhere to go', 'end next with a rule that has only "to", for everyone the rules above miss');
    }
  }
  return findings;
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
