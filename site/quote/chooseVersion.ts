/**
 * Which version of a flow a visit sees: `?v=` when it names a version (it always wins), else the version the
 * browser was pinned to, else a draw by the split's weights.
 */
import type { FlowSummary } from "./flowSummary";

export interface VersionChoice {
  version: number;
  /** Drawn by the weights this time (so it may be pinned). */
  drawn?: boolean;
  /** A `?v=` that named no version, kept for tracking ("an unknown v falls back to the default and says so"). */
  unknownRequested?: string;
}

/** `random` is a number in [0, 1), so a test can fix the draw; `pinned` is the browser's earlier draw. */
export function chooseVersion(flow: FlowSummary, requested: string | null, random: number = Math.random(), pinned?: number): VersionChoice {
  if (requested !== null && requested !== "") {
    const asked = Number(requested);
    if (flow.versions.includes(asked)) return { version: asked };
    return { version: flow.defaultVersion, unknownRequested: requested };
  }
  if (pinned !== undefined && (flow.weights[String(pinned)] ?? 0) > 0 && flow.versions.includes(pinned)) return { version: pinned };
  const weighted = Object.entries(flow.weights)
    .map(([v, weight]) => ({ version: Number(v), weight }))
    .filter(({ version, weight }) => weight > 0 && flow.versions.includes(version));
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  let point = random * total;
  for (const { version, weight } of weighted) {
    if (point < weight) return { version, drawn: true };
    point -= weight;
  }
  return { version: flow.defaultVersion };
}
