/** Keeps a flow's progress for this tab, so a reload mid-flow keeps the answers given in this visit. */
import type { FlowSnapshot } from "../../engine/react/types";

const key = (flowId: string, version: number) => `quote:resume:${flowId}@${version}`;

/** The snapshot saved for this flow version in this tab, if any. */
export function readSnapshot(flowId: string, version: number): FlowSnapshot | undefined {
  try {
    const raw = sessionStorage.getItem(key(flowId, version));
    return raw ? (JSON.parse(raw) as FlowSnapshot) : undefined;
  } catch {
    return undefined;
  }
}

export function saveSnapshot(flowId: string, version: number, snapshot: FlowSnapshot): void {
  try {
    sessionStorage.setItem(key(flowId, version), JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: the visit goes on, only a reload would start over.
  }
}

/** Forgets the progress once the lead is in. */
export function clearSnapshot(flowId: string, version: number): void {
  sessionStorage.removeItem(key(flowId, version));
}
