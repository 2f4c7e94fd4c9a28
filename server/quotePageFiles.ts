/**
 * The quote pages the built site lets this server send. A version the build knew has its own pre-rendered page
 * (`quote/<path>/v<N>.html`); a version published since is drawn by the build's server bundle into the page the build
 * made for its flow (`index.html`). Either can be any version's: the control, one with a share, or a preview's. A flow
 * whose page the build made, but whose control has neither, cannot be served: its page answers with the error page,
 * and /api/health and the metrics name it.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { CorpusFlow, FlowCorpus } from "../engine/core/flowCorpus";
import { STAND_IN_PAGE } from "./plainQuote/standInPage";
import { loadStepRenderer, type PublishedData, type StepRenderer } from "./plainQuote/stepPages";

/** The pre-rendered page of one version, beside the quote page's index.html. */
export const versionPageFile = (flowPath: string, version: number): string => path.posix.join("quote", flowPath, `v${version}.html`);

/** The page the build made for a flow, which a version published since is drawn into. */
const flowPageFile = (flowPath: string): string => path.posix.join("quote", flowPath, "index.html");

/** What the built site can send of the quote pages. */
export interface QuotePageFiles {
  /** Whether the build wrote this file of the site (checked once per file: a built site does not change while served). */
  isBuilt(file: string): Promise<boolean>;
  /** The build's server bundle, loaded on the first step drawn; undefined when the build wrote none. */
  stepRenderer(): Promise<StepRenderer | undefined>;
  /** Whether the build made a page for the flow at all (not on an API-only server, nor for a flow added since the build). */
  hasFlowPage(flow: CorpusFlow): Promise<boolean>;
  /** Whether a version's first page can be sent: the build's file, or drawn into the flow's page. */
  hasPage(flow: CorpusFlow, version: number): Promise<boolean>;
  /** Whether the flow is one the build never knew, drawn into the stand-in page (and kept out of search engines until listed). */
  drawnInStandIn(flow: CorpusFlow): Promise<boolean>;
}

/** The quote pages of the site built into `siteDir`; `published` gives what a page of a version published since carries (none: such a version is not drawn). */
export function quotePageFiles(siteDir: string, published?: PublishedData): QuotePageFiles {
  const built = new Map<string, Promise<boolean>>();
  const isBuilt = (file: string) => {
    let answer = built.get(file);
    if (!answer) built.set(file, (answer = stat(path.join(siteDir, file)).then((s) => s.isFile(), () => false)));
    return answer;
  };
  // A flow the build never knew (made in the studio since): drawn into the stand-in page (plainQuote/standInPage.ts).
  const builtFlowPage = async (flow: CorpusFlow) => {
    if (await isBuilt(flowPageFile(flow.path))) return true;
    for (const { version } of flow.versions) if (await isBuilt(versionPageFile(flow.path, version))) return true;
    return false;
  };
  const drawnInStandIn = async (flow: CorpusFlow) => published !== undefined && (await isBuilt(STAND_IN_PAGE)) && !(await builtFlowPage(flow));
  let renderer: Promise<StepRenderer | undefined> | undefined;
  const stepRenderer = () => (renderer ??= loadStepRenderer(siteDir, versionPageFile, published));
  return {
    isBuilt,
    stepRenderer,
    hasFlowPage: async (flow) => (await builtFlowPage(flow)) || (await drawnInStandIn(flow)),
    hasPage: async (flow, version) =>
      (await isBuilt(versionPageFile(flow.path, version))) ||
      (published !== undefined && ((await isBuilt(flowPageFile(flow.path))) || (await drawnInStandIn(flow))) && (await stepRenderer()) !== undefined),
    drawnInStandIn,
  };
}

/** The flows whose page the build made but whose control has no page to send, by id. */
export async function unservedFlows(pages: QuotePageFiles, corpus: FlowCorpus): Promise<string[]> {
  const unserved: string[] = [];
  for (const flow of corpus.flows) {
    if (flow.defaultVersion === undefined || !(await pages.hasFlowPage(flow))) continue;
    if (!(await pages.hasPage(flow, flow.defaultVersion))) unserved.push(flow.id);
  }
  return unserved;
}
