/** The page a step is drawn from: the kept state as the step's components show it, with partners, deals and hours. */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ServedStep } from "../../engine/core/servedStep";
import type { FlowDocument, ServiceType } from "../../engine/core/types";
import type { Deal } from "../../schemas/generated/deals";
import { freshState, type PlainState } from "./keptState";
import type { PlainQuoteOptions } from "./plainOptions";

/** The page to draw: the flow's version, the state to show and its revision, a status and a notice. */
export interface StepPage {
  flow: FlowDocument;
  served: ServedStep;
  status: number;
}

/** The partners a flow's leads may go to, once each: named in the consent wording the page shows and the lead records. */
export function partnersOf(options: PlainQuoteOptions, flow: FlowDocument): Array<{ name: string; phone: string }> {
  return flow.serviceType ? [...new Map(options.buyers.forService(flow.serviceType as ServiceType).map((b) => [b.name, { name: b.name, phone: b.phone }])).values()] : [];
}

/** The offers of the deals files a flow's steps name, read from the forms folder as the build bundles them. */
async function dealsOf(options: PlainQuoteOptions, flow: FlowDocument): Promise<Record<string, Deal[]>> {
  const names = [...new Set(flow.steps.flatMap((s) => ("deals" in s && typeof s.deals === "string" ? [s.deals] : [])))];
  const files = await Promise.all(names.map(async (name) => [name, await dealsFile(path.join(options.formsDir, "deals", `${name}.json`))] as const));
  return Object.fromEntries(files);
}

/** Deals files as last read, by path: read again only when the file has changed (the live preview edits them). */
const dealsFiles = new Map<string, { modified: number; deals: Promise<Deal[]> }>();

async function dealsFile(file: string): Promise<Deal[]> {
  const modified = (await stat(file)).mtimeMs;
  let kept = dealsFiles.get(file);
  if (kept?.modified !== modified) {
    kept = { modified, deals: readFile(file, "utf8").then((text) => (JSON.parse(text) as { deals: Deal[] }).deals) };
    dealsFiles.set(file, kept);
  }
  return kept.deals;
}

/** The page of the kept state at its step, with a status and, when something was not taken, a notice. */
export async function pageOf(options: PlainQuoteOptions, flow: FlowDocument, state: PlainState, revision: number, query: string, status = 200, notice?: string): Promise<StepPage> {
  const deals = await dealsOf(options, flow);
  const partners = partnersOf(options, flow);
  const served: ServedStep = {
    walk: state.walk,
    answers: state.answers,
    errors: state.errors.filter((e) => !e.step || e.step === state.walk.stepId),
    revision,
    query,
    partners,
    open: options.siteHours.isOpen(options.now()),
    ...(state.lookup ? { lookup: state.lookup } : {}),
    ...(state.result ? { result: state.result } : {}),
    ...(state.back ? { back: state.back } : {}),
    ...(notice ? { notice } : {}),
    ...(Object.keys(deals).length > 0 ? { deals } : {}),
  };
  return { flow, served, status };
}

/** A fresh start of the flow with a notice: nothing of the form that was posted is kept. */
export function startAgain(options: PlainQuoteOptions, flow: FlowDocument, query: string, status: number, notice: string): Promise<StepPage> {
  return pageOf(options, flow, freshState(options, flow), 0, query, status, notice);
}
