/** The contract between the flow renderer and its step components, and the services it is given. */
import type { ComponentType } from "react";
import type { LeadResponse } from "../../schemas/generated/lead";
import type { Address } from "../../schemas/generated/fields";
import type { Deal } from "../../schemas/generated/deals";
import type { ErrorObject } from "ajv";
import type { FlowSnapshot, QuoteFlowEvent } from "../core/quoteFlow";
import type { ServedStep } from "../core/servedStep";
import type { Answers, FieldError, FlowDocument, StepKind, StepOfKind } from "../core/types";

export type { Address, Deal, LeadResponse };

/** A precompiled validator: returns true or sets `errors` (Ajv's standalone function shape). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** A precompiled validator module: `stepValidator` is the step's root schema validator. */
export interface ValidatorModule {
  stepValidator: CompiledValidator;
}

/** What the renderer needs from the outside world; the site passes real ones, tests pass fakes. */
export interface FlowServices {
  /** Addresses at a postcode; rejects when the lookup fails. */
  lookupAddresses(postcode: string): Promise<Address[]>;
  /**
   * Sends the lead; resolves with the server's answer, rejects on a network failure. `answeredAt` is when each step
   * was answered on this page, by step id, on the page's monotonic clock (`performance.now()`).
   */
  submitLead(flow: FlowDocument, answers: Answers, answeredAt?: Readonly<Record<string, number>>): Promise<LeadResponse>;
  /** The precompiled validator of a step ("<stepId>" or "<stepId>:<variant>"). */
  loadValidator(flow: FlowDocument, key: string): Promise<ValidatorModule>;
  /**
   * Starts another flow (a `{ flow }` target or an upsell), carrying the answers given so far. `from` is the flow
   * handing over and the answers of its last step, for Back on the next flow's first step; an upsell gives none.
   */
  startFlow(flowId: string, answers: Answers, from?: { flowId: string; answers: Answers }): void;
  /** The partners a flow's leads may go to, by name, for the consent wording beside the submit button. */
  loadPartners(flow: FlowDocument): Promise<string[]>;
  /** The same names when known without asking (the server drawing a step knows them), so they show at once. */
  knownPartners?(flow: FlowDocument): string[] | undefined;
  /** The offers of a deals file (forms/deals/<name>.json), expired ones included. */
  loadDeals(name: string): Promise<Deal[]>;
  /** The same offers when known without loading (the server drawing a step has them), so they show at once. */
  knownDeals?(name: string): Deal[] | undefined;
}

/** What the renderer is given: the flow, its services, where to start and whom to tell. */
export interface QuoteFlowProps {
  flow: FlowDocument;
  services: FlowServices;
  /**
   * Answers known before the first step: query prefill, or carried over from another flow. Given later, while the
   * flow is on screen, they join its answers beneath the visitor's own, without drawing the step afresh.
   */
  initialAnswers?: Answers;
  /** Where to resume (a reload in the middle of a flow); ignored when it names no step of this flow. */
  resume?: FlowSnapshot;
  /** Told of each change of step or answers, to keep a snapshot for resuming. */
  onSnapshot?(snapshot: FlowSnapshot): void;
  /** Told of starts, steps, submissions and leads, for tracking. */
  onEvent?(event: QuoteFlowEvent): void;
  /** Back on the first step: given when this flow was entered from another (the chooser), to return there. */
  onBackAtStart?(): void;
  /** Where Back on the first step leads, as a link (for a browser without scripts); with `onBackAtStart`. */
  backAtStartHref?: string;
  /** A step the server drew from the visit's kept answers: the flow starts there, as the page shows it. */
  served?: ServedStep;
}

/** What a step component receives. */
export interface StepProps<K extends StepKind> {
  step: StepOfKind<K>;
  flow: FlowDocument;
  answers: Answers;
  /** Errors to show beside this step's fields. */
  errors: FieldError[];
  /** Id of the step heading, for the group a step's inputs sit in. */
  headingId: string;
  /** Label of the button that moves on ("Next", or the submit label on the submit step). */
  nextLabel: string;
  busy: boolean;
  services: FlowServices;
  /** The server's answer to the lead, on steps after the submit step. */
  result?: LeadResponse;
  /** Records answers without moving on. */
  onChange(patch: Answers): void;
  /** Moves on with these answers; the step has checked them. */
  onNext(patch: Answers): void;
  /** Shows these errors in the summary and beside the fields, and moves focus to the summary. */
  onErrors(errors: FieldError[]): void;
  /** Starts another service's flow offered after the lead is in, with the visitor's details carried over. */
  onUpsell(flowId: string): void;
}

/** A component that draws one kind of step. */
export type StepComponent<K extends StepKind> = ComponentType<StepProps<K>>;

/** One component per step kind: a missing kind is a compile error. */
export type StepRegistry = { [K in StepKind]: StepComponent<K> };

/** What a kind's component fetches ahead of need once the visitor has moved on, for the kinds that have something to fetch. */
export type StepPreloads = { [K in StepKind]?: (services: FlowServices, flow: FlowDocument) => Promise<unknown> };

export type { FlowSnapshot, QuoteFlowEvent };
