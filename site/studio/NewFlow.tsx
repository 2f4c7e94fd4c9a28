/**
 * New flow (publishers, on the live site): a flow made from a copy of a published one, with its own id, title and the
 * specification's product and service types, chosen from their lists. What is wrong shows as it is typed; Make the
 * flow keeps its v1 as a draft on the server and opens it.
 */
import { useState, type FormEvent } from "react";
import { NEW_FLOW_PRODUCT_TYPES, NEW_FLOW_SERVICE_TYPES, newFlowProblem, TITLE_MAX, type NewFlowAsk, type NewFlowMade } from "../../engine/studio/newFlows";
import { liveApi } from "./liveApi";
import { Modal } from "./Modal";

export interface NewFlowProps {
  /** The published flows: the ones that may be copied, and the ids taken. */
  flows: ReadonlyArray<{ id: string; title: string }>;
  onMade: (made: NewFlowMade) => void;
  onCancel: () => void;
}

export function NewFlow({ flows, onMade, onCancel }: NewFlowProps) {
  const copyable = flows.filter((f) => f.id !== "quote");
  const [ask, setAsk] = useState<NewFlowAsk>({ id: "", title: "", productType: "", serviceType: "", copyOf: copyable[0]?.id ?? "" });
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const problem = newFlowProblem(ask, (id) => flows.some((f) => f.id === id));
  const shown = touched ? (problem ?? refusal) : refusal;
  const set = (field: keyof NewFlowAsk) => (value: string) => {
    setAsk((before) => ({ ...before, [field]: value }));
    setRefusal(undefined);
    if (field !== "copyOf") setTouched(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    liveApi.newFlow(ask).then(onMade, (error: Error) => {
      setBusy(false);
      setRefusal(error.message);
    });
  };

  return (
    <Modal title="New flow" onCancel={onCancel}>
      <form onSubmit={submit} className="studio-new-flow" noValidate>
        <p>The new flow starts as a copy of a published flow, its v1 a draft to change and publish. Until a publisher lists it, its page is kept out of search engines.</p>
        <label htmlFor="new-flow-copy">Copy of</label>
        <select id="new-flow-copy" value={ask.copyOf} onChange={(e) => set("copyOf")(e.target.value)}>
          {copyable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.id}: {f.title}
            </option>
          ))}
        </select>
        <label htmlFor="new-flow-id">Flow id</label>
        <p className="studio-muted" id="new-flow-id-hint">
          Lower-case letters, digits and hyphens: the page will be /quote/&lt;id&gt;/.
        </p>
        <input id="new-flow-id" type="text" required value={ask.id} aria-describedby="new-flow-id-hint new-flow-problem" onChange={(e) => set("id")(e.target.value)} />
        <label htmlFor="new-flow-title">Title</label>
        <input id="new-flow-title" type="text" required maxLength={TITLE_MAX} value={ask.title} aria-describedby="new-flow-problem" onChange={(e) => set("title")(e.target.value)} />
        <label htmlFor="new-flow-product">Product type</label>
        <select id="new-flow-product" required value={ask.productType} onChange={(e) => set("productType")(e.target.value)}>
          <option value="">Choose a product type</option>
          {NEW_FLOW_PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor="new-flow-service">Service type</label>
        <p className="studio-muted" id="new-flow-service-hint">
          Its leads go to the buyers of this service type.
        </p>
        <select id="new-flow-service" required value={ask.serviceType} aria-describedby="new-flow-service-hint" onChange={(e) => set("serviceType")(e.target.value)}>
          <option value="">Choose a service type</option>
          {NEW_FLOW_SERVICE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <p id="new-flow-problem" role="status" className={shown ? "studio-problem" : "studio-muted"}>
          {shown ?? ""}
        </p>
        <div className="studio-buttons">
          <button type="submit" className="primary" disabled={busy || (touched && problem !== undefined)}>
            Make the flow
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
