/**
 * The live site's APIs the studio uses beyond reading and checking (studioApi.ts): who is signed in, the drafts
 * kept on the server, publishing, traffic and the history. Each refusal comes back with the server's words and,
 * for a refused publish or traffic change, its findings.
 */
import type { Finding } from "../../engine/core/findings";
import type { FlowDocument } from "../../engine/core/types";
import type { NewFlowAsk, NewFlowMade } from "../../engine/studio/newFlows";

export type Role = "reader" | "editor" | "publisher";

export interface Me {
  name: string;
  role: Role;
}

/** A draft as the server keeps it. */
export interface ServerDraft {
  id: string;
  flow: string;
  baseVersion: number;
  revision: number;
  createdBy: string;
  editor: string;
  createdAt: string;
  updatedAt: string;
  document: FlowDocument;
}

/** A draft's preview link that still works, as the server lists it (never its token). */
export interface PreviewLink {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** Who has a draft open, as a page's heartbeat is answered, with the draft's revision now. */
export interface DraftPresence {
  open: Array<{ analyst: string; openedAt: string; you: boolean }>;
  revision: number;
  editor: string;
  updatedAt: string;
}

/** One entry of a flow's history. */
export interface HistoryEntry {
  change: number;
  kind: "publish" | "traffic";
  version?: number;
  analyst: string;
  at: string;
  why: string;
  before: unknown;
  after: unknown;
}

/** A refusal: the server's message, its findings, and its status. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly findings: Finding[] = [],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const send = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const response = await fetch(url, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Refusal(typeof answer.message === "string" ? answer.message : `The server answered ${response.status}`, response.status, (answer.findings as Finding[] | undefined) ?? [], answer);
  return answer as T;
};

const flowApi = (flow: string) => `/api/analysts/flows/${encodeURIComponent(flow)}`;
const DRAFTS = "/api/analysts/drafts";

export const liveApi = {
  me: () => send<Me>("GET", "/api/analysts/studio/me"),
  createDraft: (flow: string, baseVersion: number, document: FlowDocument) => send<ServerDraft>("POST", DRAFTS, { flow, baseVersion, document }),
  readDraft: (id: string) => send<ServerDraft>("GET", `${DRAFTS}/${encodeURIComponent(id)}`),
  saveDraft: (id: string, revision: number, document: FlowDocument) => send<ServerDraft>("PUT", `${DRAFTS}/${encodeURIComponent(id)}`, { revision, document }),
  discardDraft: (id: string) => send<undefined>("DELETE", `${DRAFTS}/${encodeURIComponent(id)}`),
  /** The page's heartbeat: it has the draft open. */
  presence: (id: string, page: string) => send<DraftPresence>("PUT", `${DRAFTS}/${encodeURIComponent(id)}/presence`, { page }),
  /** The page has closed the draft; sent even as the page goes away. */
  leaveDraft: (id: string, page: string) => fetch(`${DRAFTS}/${encodeURIComponent(id)}/presence/${encodeURIComponent(page)}`, { method: "DELETE", keepalive: true }).catch(() => undefined),
  /** The drafts of one flow, or of every flow. */
  listDrafts: (flow?: string) => send<{ drafts: Omit<ServerDraft, "document">[] }>("GET", flow === undefined ? DRAFTS : `${DRAFTS}?flow=${encodeURIComponent(flow)}`),
  makePreviewLink: (id: string) => send<{ url: string; expiresAt: string }>("POST", `${DRAFTS}/${encodeURIComponent(id)}/preview-links`),
  previewLinks: (id: string) => send<{ links: PreviewLink[] }>("GET", `${DRAFTS}/${encodeURIComponent(id)}/preview-links`),
  revokePreviewLink: (id: string, link: string) => send<undefined>("DELETE", `${DRAFTS}/${encodeURIComponent(id)}/preview-links/${encodeURIComponent(link)}`),
  /** A new flow from a copy of a published one: its v1 starts as a draft. */
  newFlow: (ask: NewFlowAsk) => send<NewFlowMade>("POST", "/api/analysts/flows", ask),
  /** Offers a flow made in the studio to search engines and the sitemap. */
  listFlow: (flow: string) => send<{ flow: string; listedBy: string; listedAt: string }>("POST", `${flowApi(flow)}/listed`, {}),
  /** Naming the draft ends its preview links once it is published. */
  publish: (flow: string, document: FlowDocument, why: string, draft?: string) =>
    send<{ change: number; version: number }>("POST", `${flowApi(flow)}/versions`, { document, why, ...(draft === undefined ? {} : { draft }) }),
  /** Without a decision, the metric decided on and the guardrails in force are kept. */
  setTraffic: (flow: string, weights: Record<string, number>, control: number, plannedPerVersion: number | undefined, why: string, decision?: { decideOn: string; guardrails: Record<string, number> }) =>
    send<{ change: number }>("POST", `${flowApi(flow)}/traffic`, { weights, control, ...(plannedPerVersion === undefined ? {} : { plannedPerVersion }), ...(decision ?? {}), why }),
  ship: (flow: string, version: number, why: string) => send<{ change: number }>("POST", `${flowApi(flow)}/traffic/ship`, { version, why }),
  stop: (flow: string, version: number, why: string) => send<{ change: number }>("POST", `${flowApi(flow)}/traffic/stop`, { version, why }),
  restore: (flow: string, change: number, why: string) => send<{ change: number }>("POST", `${flowApi(flow)}/traffic/restore`, { change, why }),
  history: (flow: string) => send<{ changes: HistoryEntry[] }>("GET", `${flowApi(flow)}/history`),
};
