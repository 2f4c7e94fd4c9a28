/**
 * A corpus with some of its flows replaced by new readings of them (readOneFlow), the others kept as they are:
 * the flows stay in their order and the findings in the order of the files, as readFlowCorpus gives them, so a
 * corpus changed one flow at a time reads the same as the whole listing read again.
 */
import type { Finding } from "./findings";
import type { CorpusFlow, FlowCorpus } from "./flowCorpus";

/** A flow's new reading and its findings. */
export interface FlowReading {
  flow: CorpusFlow;
  findings: Finding[];
}

/** The flow a finding's file belongs to (`forms/business-water/v2.json` → `business-water`). */
function findingFlow(root: string, finding: Finding): string {
  return finding.file.startsWith(`${root}/`) ? finding.file.slice(root.length + 1).split("/")[0]! : "";
}

/** The corpus with each flow of `readings` in place of the one with its id (every id must be in the corpus already). */
export function spliceFlows(corpus: FlowCorpus, readings: FlowReading[]): FlowCorpus {
  if (readings.length === 0) return corpus;
  const replaced = new Map(readings.map((r) => [r.flow.id, r]));
  const flows = corpus.flows.map((f) => replaced.get(f.id)?.flow ?? f);
  const kept = new Map<string, Finding[]>();
  for (const finding of corpus.findings) {
    const id = findingFlow(corpus.root, finding);
    if (replaced.has(id)) continue;
    let list = kept.get(id);
    if (!list) kept.set(id, (list = []));
    list.push(finding);
  }
  const findings = flows.flatMap((f) => replaced.get(f.id)?.findings ?? kept.get(f.id) ?? []);
  // Findings on no flow's folder (none today) stay, after the flows'.
  const ids = new Set(flows.map((f) => f.id));
  for (const [id, list] of kept) if (!ids.has(id)) findings.push(...list);
  return { root: corpus.root, flows, findings };
}
