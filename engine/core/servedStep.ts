/**
 * A quote step the server drew itself, for a visitor whose browser runs no scripts (or has not run them yet): what
 * the page showed, so the page's script, when it runs, takes the same step over where it stands. The server writes it
 * into the page as JSON (never into a URL: the answers may be personal).
 */
import type { Deal } from "../../schemas/generated/deals";
import type { AddressLookup } from "./kinds/stepKind";
import type { ServedFlowState } from "./quoteFlow";
import type { FlowDocument } from "./types";

export interface ServedStep extends ServedFlowState {
  /** The address step's last lookup. */
  lookup?: AddressLookup;
  /** The revision of the kept state the page was drawn from, posted back with its form. */
  revision: number;
  /** The page's query beside `step` ("v=2&tm=1"), kept by its links. */
  query: string;
  /** The service's partners (named in the consent wording) and whether the phone lines are open now. */
  partners: Array<{ name: string; phone: string }>;
  open: boolean;
  /** The offers of the deals files the flow's steps name (forms/deals/<name>.json), by name. */
  deals?: Record<string, Deal[]>;
  /** Why the page is not the one asked for (a form posted from a state that has moved on, or was changed). */
  notice?: string;
}

/** The id of the element holding a served step's JSON. */
export const SERVED_STEP_ID = "quote-served-step";

/**
 * The hidden fields every plain step form carries: the step it answers, the revision of the state it was drawn from,
 * and the version of the flow it was drawn for (what a first answer is taken in when no visit cookie came with it).
 */
export const STEP_FIELD = "_step";
export const REVISION_FIELD = "_rev";
export const VERSION_FIELD = "_ver";

/** The quote page's honeypot input (site/quote/Honeypot.tsx): sent with a step's form, read with the lead. */
export const HONEYPOT_FIELD = "company_website";

/** The query parameter naming the step a quote page shows. */
export const STEP_PARAM = "step";

/** The address of a step of the page, with the page's other query parameters kept. */
export function stepHref(stepId: string, query: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  params.set(STEP_PARAM, stepId);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `?${params.toString()}`;
}

/** The id of the data block a page of a version published since the build carries: its document and validators' addresses. */
export const PUBLISHED_FLOW_ID = "quote-published-flow";

/** What that data block holds. */
export interface PublishedFlowData {
  document: FlowDocument;
  /** Step key ("<stepId>[:variant]") → the address of its precompiled validator. */
  validators: Record<string, string>;
}
