/** The flow's history: each publish and traffic change with who, when, why and what changed; a past traffic entry can be restored. */
import { useEffect, useState } from "react";
import { liveApi, type HistoryEntry } from "./liveApi";
import { TrafficDialog } from "./TrafficDialog";
import { trafficWords } from "./trafficWords";

export interface HistoryPanelProps {
  flowId: string;
  /** Whether Restore this traffic is offered (publishers). */
  canRestore: boolean;
  /** Moves when the flow changed, so the history is read again. */
  revision: number;
  onChanged: () => void;
}

function whatChanged(entry: HistoryEntry): string {
  if (entry.kind === "publish") return `Published v${entry.version ?? "?"}`;
  return `Traffic: ${trafficWords(entry.after)}; before: ${trafficWords(entry.before)}`;
}

const when = (at: string) => new Date(at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function HistoryPanel({ flowId, canRestore, revision, onChanged }: HistoryPanelProps) {
  const [entries, setEntries] = useState<HistoryEntry[] | { failed: string }>();
  const [restoring, setRestoring] = useState<HistoryEntry>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  useEffect(() => {
    liveApi.history(flowId).then(
      (answer) => setEntries([...answer.changes].sort((a, b) => b.change - a.change)),
      (error: Error) => setEntries({ failed: error.message }),
    );
  }, [flowId, revision]);
  const latestTraffic = Array.isArray(entries) ? entries.find((e) => e.kind === "traffic")?.change : undefined;
  const restore = async (why: string) => {
    if (!restoring) return;
    setBusy(true);
    try {
      await liveApi.restore(flowId, restoring.change, why);
      setRestoring(undefined);
      onChanged();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="studio-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {entries === undefined ? (
        <p role="status">Reading the history…</p>
      ) : "failed" in entries ? (
        <p role="alert">The history could not be read: {entries.failed}</p>
      ) : entries.length === 0 ? (
        <p>Nothing has been published or changed here yet.</p>
      ) : (
        <ol reversed>
          {entries.map((entry) => (
            <li key={entry.change} id={`change-${entry.change}`}>
              <p>
                <strong>{whatChanged(entry)}</strong>
              </p>
              <p>
                By {entry.analyst} on {when(entry.at)}. Why: {entry.why}
              </p>
              {canRestore && entry.kind === "traffic" && entry.change !== latestTraffic && (
                <button type="button" aria-label={`Restore this traffic: ${trafficWords(entry.after)}`} onClick={() => { setRefusal(undefined); setRestoring(entry); }}>
                  Restore this traffic
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {restoring && (
        <TrafficDialog
          change={`Restore the traffic of ${when(restoring.at)}: ${trafficWords(restoring.after)}.`}
          effect="restore"
          busy={busy}
          {...(refusal ? { refusal } : {})}
          onConfirm={(why) => void restore(why)}
          onCancel={() => setRestoring(undefined)}
        />
      )}
    </section>
  );
}
