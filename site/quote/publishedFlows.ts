/**
 * Flow versions published since the build, which the bundle's flow manifest does not list. On the server the
 * server hands a version's document to its bundle before drawing it; in the browser the page carries the document
 * and its validators' addresses in a data block (never run, so the Content Security Policy is unchanged).
 */
import { PUBLISHED_FLOW_ID, type PublishedFlowData } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";

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

/** The flow of this page when the build never knew it (one made in the studio since): as the page's data block names it. */
export function unbuiltFlowInPage(pathname: string): { id: string; defaultVersion: number } | undefined {
  const data = inPage();
  if (!data || pathname !== `/quote/${data.document.path ? `${data.document.path}/` : ""}`) return undefined;
  return { id: data.document.id, defaultVersion: data.document.version };
}
