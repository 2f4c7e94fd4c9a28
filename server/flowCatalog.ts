/**
 * The quote flows the server serves: the forms folder read through the engine's corpus model at start (and on
 * reload, in the live preview). A broken file never stops the server: every finding is logged loudly and
 * reported by /api/health, the broken version is not served (its last good copy is, after a reload), visitors
 * fall back to the flow's other versions, and a flow with no version left answers with the helpful error page.
 */
import type { FastifyBaseLogger } from "fastify";
import { formatFinding } from "../engine/core/findings";
import { SOMETHING_WENT_WRONG } from "../engine/core/messages";
import { servedFlow, type CorpusFlow, type FlowCorpus } from "../engine/core/flowCorpus";
import { quotePath } from "../engine/core/quotePaths";
import type { FlowDocument } from "../engine/core/types";
import { displayPath, loadFlowCorpus } from "../engine/node/formsFolder";

/** Looks up the flows by id and version. */
export interface FlowCatalog {
  /** The flow document of this version, or undefined when the flow or the version is unknown or cannot be served. */
  getFlow(flowId: string, version: number): FlowDocument | undefined;
  /** The version visitors get by default, or undefined for an unknown flow or one with no version to serve. */
  defaultVersion(flowId: string): number | undefined;
  /** Whether the forms folder has this flow, served or not. */
  hasFlow(flowId: string): boolean;
  /** Whether this version's file exists but has an error and no good copy to serve. */
  isBroken(flowId: string, version: number): boolean;
  /** The forms folder as last read: every flow and every finding. */
  corpus(): FlowCorpus;
}

/** A catalogue that can read the forms folder again, keeping the last good copy of a file broken since. */
export interface ReloadableFlowCatalog extends FlowCatalog {
  reload(): FlowCorpus;
}

/** Reads and checks every flow under formsDir; throws only when the folder itself cannot be read. */
export function loadFlowCatalog(formsDir: string): ReloadableFlowCatalog {
  const read = (previous?: FlowCorpus) => {
    try {
      return loadFlowCorpus(formsDir, previous);
    } catch (error) {
      throw new Error(`Cannot read the forms folder ${displayPath(formsDir)}: ${String(error)}`, { cause: error });
    }
  };
  let corpus = read();
  return { ...catalogOver(() => corpus), reload: () => (corpus = read(corpus)) };
}

/** The lookups over whatever corpus `current` returns at the time of each call (so a swapped-in corpus is seen whole). */
export function catalogOver(current: () => FlowCorpus): FlowCatalog {
  const flow = (flowId: string) => current().flows.find((f) => f.id === flowId);
  return {
    getFlow: (flowId, version) => servedFlow(current(), flowId, version),
    defaultVersion: (flowId) => flow(flowId)?.defaultVersion,
    hasFlow: (flowId) => flow(flowId) !== undefined,
    isBroken: (flowId, version) => flow(flowId)?.versions.some((v) => v.version === version && !v.flow) ?? false,
    corpus: current,
  };
}

/** The flows that cannot be served at all: their quote pages answer with the error page. */
export function unavailableFlows(corpus: FlowCorpus): CorpusFlow[] {
  return corpus.flows.filter((f) => f.defaultVersion === undefined);
}

/** Logs every finding (errors loudly) and, for each flow a finding changes, what visitors get instead. */
export function logFlowFindings(log: FastifyBaseLogger, corpus: FlowCorpus): void {
  for (const finding of corpus.findings) {
    const fields = { rule: finding.rule, file: finding.file, ...(finding.step ? { step: finding.step } : {}) };
    if (finding.severity === "error") log.error(fields, `Quote flow error: ${formatFinding(finding)}`);
    else log.warn(fields, `Quote flow warning: ${formatFinding(finding)}`);
  }
  for (const flow of corpus.flows) {
    const broken = flow.versions.filter((v) => v.broken);
    if (broken.length === 0) continue;
    const names = broken.map((v) => `v${v.version}${v.stale ? " (its last good copy is served)" : ""}`).join(", ");
    if (flow.defaultVersion === undefined) {
      log.error({ flowId: flow.id }, `Quote flow ${flow.id} is NOT SERVED: no version of it loads (${names}); ${quotePath(flow.path)} answers "${SOMETHING_WENT_WRONG}"`);
    } else {
      log.error({ flowId: flow.id }, `Quote flow ${flow.id}: ${names} broken; visitors get v${flow.defaultVersion} by default`);
    }
  }
}
