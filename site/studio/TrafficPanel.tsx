/**
 * The flow's traffic, for publishers: a weight per published version, the control, the planned visits per version,
 * Ship and Stop per version, and Save traffic. Each change is confirmed first (TrafficDialog).
 */
import { useState, type FormEvent } from "react";
import type { TrafficSplit } from "../../schemas/generated/split";
import { inStudioWords } from "../../engine/studio/studioWords";
import { liveApi, Refusal } from "./liveApi";
import { TrafficDialog } from "./TrafficDialog";

export interface TrafficPanelProps {
  flowId: string;
  versions: number[];
  split: TrafficSplit;
  /** After a change: the flow is read again. */
  onChanged: () => void;
}

interface Asking {
  change: string;
  warning?: string;
  send: (why: string) => Promise<unknown>;
}

const zeroControl = (control: number) => `the control, v${control}, gets 0%: the results will have nothing to compare the others with.`;

export function TrafficPanel({ flowId, versions, split, onChanged }: TrafficPanelProps) {
  const [weights, setWeights] = useState<Record<string, string>>(() => Object.fromEntries(versions.map((v) => [v, String(split.weights[String(v)] ?? 0)])));
  const [control, setControl] = useState(split.default);
  const [planned, setPlanned] = useState(split.plannedPerVersion === undefined ? "" : String(split.plannedPerVersion));
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [status, setStatus] = useState("");

  const ask = (next: Asking) => {
    setRefusal(undefined);
    setAsking(next);
  };
  const confirm = async (why: string) => {
    if (!asking) return;
    setBusy(true);
    try {
      await asking.send(why);
      setStatus(`Traffic changed: ${asking.change}`);
      setAsking(undefined);
      onChanged();
    } catch (error) {
      const findings = error instanceof Refusal ? error.findings.map((f) => ` ${inStudioWords(f).message}`).join("") : "";
      setRefusal(`${(error as Error).message}${findings}`);
    } finally {
      setBusy(false);
    }
  };
  // Checked as typed: the weights must add up to 100 before the traffic can be saved.
  const total = Object.values(weights).reduce((sum, w) => sum + (Number.isFinite(Number(w)) ? Number(w) : 0), 0);
  const totalProblem = Math.abs(total - 100) > 1e-9 ? `The weights add up to ${total}: they must add up to 100 before the traffic can be saved.` : undefined;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (totalProblem) return;
    const numbers = Object.fromEntries(Object.entries(weights).map(([v, w]) => [v, Number(w)]));
    const plannedNumber = planned.trim() === "" ? undefined : Number(planned);
    const words = versions.map((v) => `v${v} ${numbers[v]}%`).join(", ");
    ask({
      change: `New weights: ${words}; the control is v${control}${plannedNumber === undefined ? "" : `; ${plannedNumber} visits planned per version`}.`,
      ...(numbers[control] === 0 ? { warning: zeroControl(control) } : {}),
      send: (why) => liveApi.setTraffic(flowId, numbers, control, plannedNumber, why),
    });
  };
  const ship = (version: number) =>
    ask({ change: `Ship v${version}: every visitor gets v${version}.`, ...(version !== split.default ? { warning: zeroControl(split.default) } : {}), send: (why) => liveApi.ship(flowId, version, why) });
  const stop = (version: number) =>
    ask({ change: `Stop v${version}: its share goes to the other versions.`, ...(version === split.default ? { warning: zeroControl(version) } : {}), send: (why) => liveApi.stop(flowId, version, why) });

  return (
    <section className="studio-traffic" aria-labelledby="traffic-title">
      <h2 id="traffic-title">Traffic</h2>
      <form onSubmit={save}>
        <table>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Weight (%)</th>
              <th scope="col">Ship or stop</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version}>
                <th scope="row">v{version}</th>
                <td>
                  <input type="number" min={0} max={100} step={1} aria-label={`Weight of v${version}`} value={weights[version] ?? "0"} onChange={(event) => setWeights((w) => ({ ...w, [version]: event.target.value }))} />
                </td>
                <td>
                  <button type="button" onClick={() => ship(version)}>
                    Ship v{version}
                  </button>{" "}
                  <button type="button" onClick={() => stop(version)} disabled={(split.weights[String(version)] ?? 0) === 0}>
                    Stop v{version}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <label htmlFor="traffic-control">Control</label>
        <select id="traffic-control" value={control} onChange={(event) => setControl(Number(event.target.value))}>
          {versions.map((version) => (
            <option key={version} value={version}>
              v{version}
            </option>
          ))}
        </select>
        <label htmlFor="traffic-planned">Planned visits per version</label>
        <input id="traffic-planned" type="number" min={1} step={1} value={planned} onChange={(event) => setPlanned(event.target.value)} />
        <p id="traffic-total" className={totalProblem ? "studio-problem" : undefined} aria-live="polite">
          {totalProblem ?? "The weights add up to 100."}
        </p>
        <button type="submit" disabled={totalProblem !== undefined} aria-describedby="traffic-total">
          Save traffic
        </button>
      </form>
      <p role="status">{status}</p>
      {asking && <TrafficDialog change={asking.change} {...(asking.warning ? { warning: asking.warning } : {})} busy={busy} {...(refusal ? { refusal } : {})} onConfirm={(why) => void confirm(why)} onCancel={() => setAsking(undefined)} />}
    </section>
  );
}
