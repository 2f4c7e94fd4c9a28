/**
 * Flow versions published since the build, which the bundle's flow manifest does not list. On the server the
 * server hands a version's document to its bundle before drawing it; in the browser the page carries the document
 * and its validators' addresses in a data block (never run, so the Content Security Policy is unchanged).
 */
import { PUBLISHED_FLOW_ID, type PublishedFlowData } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";
import { flows } from "virtual:flow-manifest";
import type { FlowSummary } from "./flowSummary";

const handed = new Map<string, PublishedFlowData>();

/** Hands the bundle a published version (the server, before drawing one of its pages). */
export function addPublishedFlow(data: PublishedFlowData): void {
  handed.set(`${data.document.id}@${data.document.version}`, data);
}

function inPage(): PublishedFlowData | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(PUBLISHED_FLOW_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublishedFlowData;
  } catch {
    return undefined;
  }
}

function published(flowId: string, version: number): PublishedFlowData | undefined {
  const data = handed.get(`${flowId}@${version}`) ?? inPage();
  return data && data.document.id === flowId && data.document.version === version ? data : undefined;
}

/** The document of a version published since the build, if this page or server knows it. */
export function publishedDocument(flowId: string, version: number): FlowDocument | undefined {
  return published(flowId, version)?.document;
}

/** The address of a published version's precompiled validator for a step key. */
export function publishedValidator(flowId: string, version: number, key: string): string | undefined {
  return published(flowId, version)?.validators[key];
}

/**
 * Every flow this bundle or page can draw: the build's, then any whose id the build never knew (a flow made since,
 * by its published version's document), served in that version.
 */
export function servedFlows(): FlowSummary[] {
  const since = new Map<string, FlowSummary>();
  const page = inPage();
  for (const { document } of [...handed.values(), ...(page ? [page] : [])]) {
    if (flows.some((f) => f.id === document.id)) continue;
    const versions = [...new Set([...(since.get(document.id)?.versions ?? []), document.version])];
    since.set(document.id, {
      id: document.id,
      path: document.path,
      title: document.title,
      ...(document.serviceType ? { serviceType: document.serviceType } : {}),
      defaultVersion: document.version,
      weights: { [String(document.version)]: 100 },
      versions,
    });
  }
  return since.size === 0 ? flows : [...flows, ...since.values()];
}
