/**
 * The quote pages this server can send. Every version's first page, one the build knew or one published since, is
 * made one way from the published state and kept as bytes (server/versionPages/): drawn by the build's server bundle
 * into the build's page template, carrying the version's document and its validators' addresses. Later steps of a
 * quote without scripts are drawn into the version's page the build wrote (`quote/<path>/v<N>.html`, also the
 * studio previews' base), into the flow's page (`index.html`) for a version published since, or, for a flow the
 * build never knew, into its version's own first page (plainQuote/stepPages.ts).
 * A flow whose page the build made, but whose control has no page, cannot be served: its page answers with the
 * error page, and /api/health and the metrics name it.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { CorpusFlow, FlowCorpus } from "../engine/core/flowCorpus";
import type { FlowDocument } from "../engine/core/types";
import { loadStepRenderer, type PublishedData, type StepRenderer } from "./plainQuote/stepPages";
import { PAGE_TEMPLATE } from "./versionPages/pageJob";
import { versionPages, type FlowIndexed, type VersionData, type VersionPage } from "./versionPages/versionPages";

/** The page the build wrote for one version, beside the quote page's index.html. */
export const versionPageFile = (flowPath: string, version: number): string => path.posix.join("quote", flowPath, `v${version}.html`);

/** The page the build made for a flow. */
const flowPageFile = (flowPath: string): string => path.posix.join("quote", flowPath, "index.html");

/** What the built site can send of the quote pages. */
export interface QuotePageFiles {
  /** Whether the build wrote this file of the site (checked once per file: a built site does not change while served). */
  isBuilt(file: string): Promise<boolean>;
  /** The build's server bundle, loaded on the first later step drawn; undefined when the build wrote none. */
  stepRenderer(): Promise<StepRenderer | undefined>;
  /** Whether the flow has pages at all: the build made one for it, or its server bundle draws any flow's (not on an API-only server). */
  hasFlowPage(flow: CorpusFlow): Promise<boolean>;
  /** Whether a version's first page can be sent. */
  hasPage(flow: CorpusFlow, version: number): Promise<boolean>;
  /** A version's first page as kept (made now if it was not yet), or undefined when none can be made. */
  firstPage(flow: FlowDocument): Promise<VersionPage | undefined>;
  /** Makes the first page of every version of the corpus not yet made, one after another, off the request path. */
  warm(corpus: FlowCorpus): Promise<void>;
  close(): Promise<void>;
}

/**
 * The quote pages of the site built into `siteDir`; `data` gives what a version's page carries (by default its document
 * alone: the build's own validators), and `published` what a
 * later step of a version published since carries (none: such a version's later steps are not drawn).
 */
export function quotePageFiles(
  siteDir: string,
  data: VersionData = async (document) => ({ document, validators: {} }),
  published?: PublishedData,
  indexed?: FlowIndexed,
): QuotePageFiles {
  const built = new Map<string, Promise<boolean>>();
  const isBuilt = (file: string) => {
    let answer = built.get(file);
    if (!answer) built.set(file, (answer = stat(path.join(siteDir, file)).then((s) => s.isFile(), () => false)));
    return answer;
  };
  let renderer: Promise<StepRenderer | undefined> | undefined;
  const pages = versionPages(siteDir, data, versionPageFile, indexed);
  const ownFirstPage = async (flow: FlowDocument) => {
    const page = await pages.page(flow);
    return page && { html: page.identity, data: await data(flow) };
  };
  const stepRenderer = () => (renderer ??= loadStepRenderer(siteDir, versionPageFile, published, ownFirstPage));
  // The build's server bundle and page template draw any flow's pages, one the build never knew too.
  const drawsAnyFlow = async () => (await isBuilt(path.posix.join("..", "server", "entry-server.js"))) && (await isBuilt(path.posix.join("..", "server", PAGE_TEMPLATE)));
  return {
    isBuilt,
    stepRenderer,
    async hasFlowPage(flow) {
      if ((await isBuilt(flowPageFile(flow.path))) || (await drawsAnyFlow())) return true;
      for (const { version } of flow.versions) if (await isBuilt(versionPageFile(flow.path, version))) return true;
      return false;
    },
    async hasPage(flow, version) {
      const document = flow.versions.find((v) => v.version === version)?.flow;
      if (document === undefined) return false;
      // The build's bundle draws any version's page: asked at start, health need not wait for every page to be made.
      if (await drawsAnyFlow()) return true;
      return (await pages.page(document).catch(() => undefined)) !== undefined;
    },
    firstPage: (flow) => pages.page(flow),
    warm: (corpus) => pages.warm(corpus),
    close: () => pages.close(),
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
