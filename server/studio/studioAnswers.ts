/**
 * What the studio's reading routes answer, over any listing of flows: the forms folder in the live preview, the
 * published state on the live site. One statement of each answer, for both.
 */
import type { Finding } from "../../engine/core/findings";
import type { FlowCorpus, FormsListing } from "../../engine/core/flowCorpus";
import type { SchemaCheck } from "../../engine/core/types";
import type { FlowFiles, StudioListing } from "../../engine/studio/studioApiShapes";
import { draftCorpus, flowFiles, flowFindings, knownFlow } from "./flowFolder";

/** How many errors and warnings a list of findings holds. */
function counts(findings: readonly Finding[]): { errors: number; warnings: number } {
  const errors = findings.filter((f) => f.severity === "error").length;
  return { errors, warnings: findings.length - errors };
}

/** Every flow (`corpus` is the listing's) with its versions' weights and counts of findings. */
export function listingAnswer(listing: FormsListing, corpus: FlowCorpus): StudioListing {
  return {
    root: listing.root,
    flows: corpus.flows.map((flow) => ({
      id: flow.id,
      title: flow.title,
      versions: flow.versions.map((v) => {
        const weight = flow.split?.weights[String(v.version)] ?? 0;
        const description = (v.current ?? v.flow)?.description;
        return { version: v.version, ...(description ? { description } : {}), weight, live: weight > 0, ...counts(corpus.findings.filter((f) => f.file === v.file)) };
      }),
      split: counts(corpus.findings.filter((f) => f.file === `${listing.root}/${flow.id}/split.json`)),
    })),
  };
}

/**
 * One flow's files and findings (`corpus` is the listing's), or undefined when the listing has no such flow; a flow
 * made in the studio whose v1 is not yet published (`made`) has no files yet.
 */
export function flowFilesAnswer(listing: FormsListing, corpus: FlowCorpus, flow: string, made = false): FlowFiles | undefined {
  if (!knownFlow(listing, flow) && !made) return undefined;
  const title = corpus.flows.find((f) => f.id === flow)?.title ?? flow;
  return { id: flow, root: listing.root, title, files: flowFiles(listing, flow), findings: flowFindings(corpus, flow) };
}

/** The flow's findings with `drafts` (name → text) in place of its files, or undefined when there is no such flow (`made` as above). */
export function checkAnswer(listing: FormsListing, flow: string, drafts: Record<string, string>, check: SchemaCheck, made = false): { findings: Finding[] } | undefined {
  if (!knownFlow(listing, flow) && !made) return undefined;
  return { findings: flowFindings(draftCorpus(listing, flow, drafts, check), flow) };
}
