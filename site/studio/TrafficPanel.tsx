/**
 * The flow's traffic, for publishers: a table of the published versions with each one's weight, the control, and
 * Ship and Stop per version; the planned visits per version; how the test is decided (TrafficDecision); and Save
 * traffic, held until the boxes are right (checked as typed, trafficForm.ts). Each change is confirmed first
 * (TrafficDialog), and only a change the server made is reported as made.
 */
import { useState, type FormEvent } from "react";
import type { TrafficSplit } from "../../schemas/generated/split";
import { inStudioWords } from "../../engine/studio/studioWords";
import { liveApi, Refusal } from "./liveApi";
import { TrafficDecision } from "./TrafficDecision";
import { TrafficDialog, type TrafficEffect } from "./TrafficDialog";
import { checkTraffic, trafficForm, type TrafficForm } from "./trafficForm";
import "./traffic.css";

export interface TrafficPanelProps {
  flowId: string;
  versions: number[];
  split: TrafficSplit;
  /** After a change: the flow is read again. */
  onChanged: () => void;
}

interface Asking {
  change: string;
  effect: TrafficEffect;
  warning?: string;
  send: (why: string) => Promise<unknown>;
}

/** What the last change made said, per flow: the region is drawn afresh from the new traffic, and says it still. */
const lastSaid = new Map<string, string>();

const zeroControl = (control: number) => `the control, v${control}, gets 0%: the results will have nothing to compare the others with.`;

export function TrafficPanel({ flowId, versions, split, onChanged }: TrafficPanelProps) {
  const [form, setForm] = useState<TrafficForm>(() => trafficForm(versions, split));
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [status, setStatus] = useState(() => {
    const said = lastSaid.get(flowId) ?? "";
    lastSaid.delete(flowId);
    return said;
  });

  const ask = (next: Asking) => {
    setRefusal(undefined);
    setStatus("");
    setAsking(next);
  };
  const confirm = async (why: string) => {
    if (!asking) return;
    setBusy(true);
    try {
      await asking.send(why);
      const said = `Traffic changed: ${asking.change}`;
      lastSaid.set(flowId, said);
      setStatus(said);
      setAsking(undefined);
      onChanged();
    } catch (error) {
      // Refused: nothing changed, and the dialog stays open saying why.
      const findings = error instanceof Refusal ? error.findings.map((f) => ` ${inStudioWords(f).message}`).join("") : "";
      setRefusal(`${(error as Error).message}${findings}`);
    } finally {
      setBusy(false);
    }
  };
  const checked = checkTraffic(form, versions, split);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = checked.change;
    if (!change) return;
    ask({
      change: change.words,
      effect: change.visitorsChange ? "visitors" : "decision",
      ...(change.weights[String(change.control)] === 0 ? { warning: zeroControl(change.control) } : {}),
      send: (why) => liveApi.setTraffic(flowId, change.weights, change.control, change.plannedPerVersion, why, change.decision),
    });
  };
  const ship = (version: number) =>
    ask({ change: `Ship v${version}: every visitor gets v${version}.`, effect: "visitors", ...(version !== split.default ? { warning: zeroControl(split.default) } : {}), send: (why) => liveApi.ship(flowId, version, why) });
  const stop = (version: number) =>
    ask({ change: `Stop v${version}: its share goes to the other versions.`, effect: "visitors", ...(version === split.default ? { warning: zeroControl(version) } : {}), send: (why) => liveApi.stop(flowId, version, why) });
  const setWeight = (version: number, typed: string) => setForm((f) => ({ ...f, weights: { ...f.weights, [String(version)]: typed } }));

  return (
    <section className="studio-traffic" aria-labelledby="traffic-title">
      <h2 id="traffic-title">Traffic</h2>
      <p>
        <a href={`/analysts/flows/${encodeURIComponent(flowId)}/`}>Results of this test</a>: what the figures say so far, decided on the metric chosen below.
      </p>
      <form onSubmit={save}>
        <p className="studio-muted">Each published version&apos;s weight, and the control the others are measured against.</p>
        <table className="studio-traffic-table">
          <caption>Each version&apos;s share of visitors</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Weight (%)</th>
              <th scope="col">Control</th>
              <th scope="col">Ship or stop</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version}>
                <th scope="row">v{version}</th>
                <td>
                  <input type="number" min={0} max={100} step="any" aria-label={`Weight of v${version}`} value={form.weights[String(version)] ?? "0"} onChange={(event) => setWeight(version, event.target.value)} />
                </td>
                <td>
                  <input type="radio" name="traffic-control" aria-label={`Control: v${version}`} checked={form.control === version} onChange={() => setForm((f) => ({ ...f, control: version }))} />
                </td>
                <td>
                  <div className="studio-traffic-actions">
                    <button type="button" onClick={() => ship(version)}>
                      Ship v{version}
                    </button>
                    <button type="button" onClick={() => stop(version)} disabled={(split.weights[String(version)] ?? 0) === 0}>
                      Stop v{version}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="studio-traffic-field">
          <label htmlFor="traffic-planned">Planned visits per version</label>
          <input id="traffic-planned" type="number" min={1} step={1} value={form.planned} onChange={(event) => setForm((f) => ({ ...f, planned: event.target.value }))} />
        </p>
        <TrafficDecision form={form} onChange={setForm} />
        <div id="traffic-check" aria-live="polite">
          {checked.problems.length > 0 ? (
            <ul className="studio-problem">
              {checked.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : (
            <p>{checked.unchanged ? "The weights add up to 100. This is the traffic in force: change a box to save a new one." : "The weights add up to 100."}</p>
          )}
        </div>
        <button type="submit" className="primary" disabled={!checked.change} aria-describedby="traffic-check">
          Save traffic
        </button>
      </form>
      <p role="status">{status}</p>
      {asking && (
        <TrafficDialog change={asking.change} effect={asking.effect} {...(asking.warning ? { warning: asking.warning } : {})} busy={busy} {...(refusal ? { refusal } : {})} onConfirm={(why) => void confirm(why)} onCancel={() => setAsking(undefined)} />
      )}
    </section>
  );
}
