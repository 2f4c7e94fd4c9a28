/**
 * The Traffic region's decision settings: the metric the test decides on, chosen from the metrics the results
 * count, and a guardrail on each other metric (the most a version may lose on it against the control; empty for none).
 */
import { DECISION_METRICS, DECISION_METRIC_MEANING, DECISION_METRIC_WORDS, type DecisionMetric } from "../../engine/studio/decisionSettings";
import { guardedMetrics, type TrafficForm } from "./trafficForm";

export interface TrafficDecisionProps {
  form: TrafficForm;
  onChange: (form: TrafficForm) => void;
}

export function TrafficDecision({ form, onChange }: TrafficDecisionProps) {
  return (
    <fieldset className="studio-traffic-decision">
      <legend>How the test is decided</legend>
      <p className="studio-traffic-field">
        <label htmlFor="traffic-decide-on">Decide on</label>
        <select id="traffic-decide-on" value={form.decideOn} onChange={(event) => onChange({ ...form, decideOn: event.target.value as DecisionMetric })}>
          {DECISION_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {DECISION_METRIC_WORDS[metric]} ({DECISION_METRIC_MEANING[metric]})
            </option>
          ))}
        </select>
      </p>
      <p className="studio-muted" id="traffic-guardrails-note">
        A guardrail is the most a version may lose on a metric against the control before it is rolled back, in %; empty for none.
      </p>
      <table className="studio-traffic-table" aria-describedby="traffic-guardrails-note">
        <caption>Guardrails</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Most lost (%)</th>
          </tr>
        </thead>
        <tbody>
          {guardedMetrics(form.decideOn).map((metric) => (
            <tr key={metric}>
              <th scope="row">{DECISION_METRIC_WORDS[metric]}</th>
              <td>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  aria-label={`Guardrail on ${DECISION_METRIC_WORDS[metric]} (%)`}
                  value={form.guardrails[metric]}
                  onChange={(event) => onChange({ ...form, guardrails: { ...form.guardrails, [metric]: event.target.value } })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
