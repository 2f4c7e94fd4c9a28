/**
 * The step-kind contract: everything the engine decides about one kind of step, in the kind's own module
 * (`kinds/<kind>.ts`). The generic engine (walk, replay, lint, step schemas, the quote flow, prefill) asks the
 * kind's module through the registry (`kinds/registry.ts`) and never branches on a kind's name.
 */
import type { Address } from "../../../schemas/generated/fields";
import type { Answers, FieldError, FieldKey, JsonSchema, Step } from "../types";

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

/** A step's form as a browser without scripts posted it: the values under each name. */
export interface PostedForm {
  /** The first value posted under the name. */
  value(name: string): string | undefined;
  /** Every value posted under the name, in order (a checkbox group). */
  values(name: string): string[];
}

/** The addresses the server found for a postcode, kept between an address step's plain forms. */
export interface AddressLookup {
  postcode: string;
  /** Empty when the postcode has none; absent when the lookup failed. */
  addresses?: Address[];
}

/** What a step's plain form asks the server, when its kind's module reads it. */
export type PlainSubmission =
  /** The step's answers: checked against its schema, then the flow moves on as it would in the browser. */
  | { type: "next"; patch: Answers }
  /** The same step again with these answers kept (and unchecked), after looking `lookup` up when given. */
  | { type: "redraw"; patch: Answers; lookup?: string; errors?: FieldError[] }
  /** One of the services offered: that flow starts with the visitor's details carried over. */
  | { type: "switchService"; flowId: string };

/** What a kind's plain form is read with: the answers so far and, on an address step, the last lookup. */
export interface PlainContext {
  answers: Answers;
  lookup?: AddressLookup;
}

/** What the engine asks of one kind of step; `S` is the kind's step type. */
/**
 * One thing a record of a step shows of it, with no answer (the consent page): a choice, a field by its key (its label
 * is the site's; `note` when it is not typed in a box), or words.
 */
export type ShownItem = { text: string; hint?: string; control?: "radio" | "checkbox" } | { field: FieldKey; optional?: boolean; note?: string };

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
  /**
   * The answers a walk of every path tries here: each that can change the way on (every option; a checkbox's each
   * alone and all together), typed fields given `sample`'s value. None for a step that ends the flow.
   */
  sampleAnswers(step: S, sample: (field: FieldKey) => unknown): Answers[];
  /** The flow ends here: walks, replays and paths stop, and it is no question to count. */
  ends?: true;
  /** The heading shown for it (`leadIn`: the lead has been sent). */
  heading(step: S, leadIn: boolean): string;
  /** Whether answers already given (a landing page's, the query's) answer it, so a walk may pass it. */
  answeredBy?(step: S, answers: Readonly<Record<string, unknown>>): boolean;
  /** What a record of the step shows of it, without answers (none: nothing beyond its heading). */
  shown?(step: S): ShownItem[];
  /** The consent wording beside its button when it sends the lead. */
  consentText?(step: S): string | undefined;
  /** The partner page its frame loads, when it frames one (the server checks and redirects to it). */
  partnerFrame?(step: S): { url: string; partner: string; passFields: readonly string[] };
  /**
   * Its form as posted without scripts (server/plainQuote/): what the visitor answered or asked for, read from the
   * names its component gives its inputs and buttons.
   */
  plainForm(step: S, posted: PostedForm, context: PlainContext): PlainSubmission;
  /**
   * What the server does as a visitor without scripts arrives at the step, as the component would on mounting: a
   * postcode to look up (the address step, with one already given).
   */
  plainArrival?(step: S, answers: Answers): { lookup?: string } | undefined;
}

/** The service a posted "switch" button names, when it is one the step offers. */
export function chosenService(posted: PostedForm, offered: ReadonlyArray<{ flow: string }> | undefined): string | undefined {
  const flowId = posted.value(SWITCH_SERVICE);
  return offered?.some((s) => s.flow === flowId) ? flowId : undefined;
}

/** The name of the buttons that start another service's flow (an upsell's choices), valued with the flow's id. */
export const SWITCH_SERVICE = "switchService";

/** An object of the given properties, all required unless named otherwise. */
export function objectOf(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: "object", properties, required };
}
