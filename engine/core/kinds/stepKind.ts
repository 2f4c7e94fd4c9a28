/**
 * The step-kind contract: everything the engine decides about one kind of step, in the kind's own module
 * (`kinds/<kind>.ts`). The generic engine (walk, replay, lint, step schemas, the quote flow, prefill) asks the
 * kind's module through the registry (`kinds/registry.ts`) and never branches on a kind's name.
 */
import type { Answers, FieldKey, JsonSchema, Step } from "../types";

/** The field library's schema of one field (passed in, so a kind's module carries no schemas to the browser). */
export type FieldSchemaOf = (key: FieldKey) => JsonSchema;

/** Where a kind's rules report: the rule's name, what is wrong and how to fix it, at the step being checked. */
export interface StepLint {
  report(rule: string, message: string, fix: string): void;
}

/** What a kind's reference check has beside: the flows of the forms folder. */
export interface StepReferences extends StepLint {
  knownFlows: ReadonlySet<string>;
  /** How to fix a name that is no flow: the nearest flow, and the list of them. */
  flowFix(name: string): string;
}

/** What the engine asks of one kind of step; `S` is the kind's step type. */
export interface StepKindModule<S extends Step> {
  /** The fields the step writes to, in the order it asks for them (the answers choose between a step's shapes). */
  fields(step: S, answers: Answers): FieldKey[];
  /** The JSON Schema its answers must satisfy, assembled from the field library. */
  schema(step: S, answers: Answers, fieldSchema: FieldSchemaOf): JsonSchema;
  /**
   * The schemas the browser checks it with before moving on, precompiled at build time, keyed by what follows the
   * step id in the validator's key ("" for the step, ":<variant>" for one of its shapes). Absent for a kind checked
   * by hand or asking nothing.
   */
  browserSchemas?(step: S, fieldSchema: FieldSchemaOf): Record<string, JsonSchema>;
  /** Its own lint rules, for a step of a flow that passed the schema (mistakes that still load). */
  lint?(step: S, lint: StepLint): void;
  /** Its references to other flows, checked when the forms folder is known (a name that is no flow stops the load). */
  references?(step: S, references: StepReferences): void;
  /** The flow ends here: walks, replays and paths stop, and it is no question to count. */
  ends?: true;
  /** The heading shown for it (`leadIn`: the lead has been sent). */
  heading(step: S, leadIn: boolean): string;
  /** Whether answers already given (a landing page's, the query's) answer it, so a walk may pass it. */
  answeredBy?(step: S, answers: Readonly<Record<string, unknown>>): boolean;
  /** As a flow's first step: the field a plain form may answer before the page's script runs, with its values. */
  plainFirstAnswer?(step: S): { field: FieldKey; values: readonly string[] } | undefined;
  /** The consent wording beside its button when it sends the lead. */
  consentText?(step: S): string | undefined;
  /** The partner page its frame loads, when it frames one (the server checks and redirects to it). */
  partnerFrame?(step: S): { url: string; partner: string; passFields: readonly string[] };
}

/** An object of the given properties, all required unless named otherwise. */
export function objectOf(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: "object", properties, required };
}
