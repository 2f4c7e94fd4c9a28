/**
 * A step's properties: its findings with their fixes, its id, then a form generated from its kind's definition in
 * schemas/flow.schema.json (RJSF) with the studio's own editors for field keys, options and next, and the step's
 * JSON as a fallback. Each change is one edit with a label naming the property ("Change question of supplier");
 * typing in a box gives an edit per keystroke under the same label, for the history to merge.
 */
import "./stepEditors.css";
import Form from "@rjsf/core";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { useMemo } from "react";
import type { Finding } from "../../engine/core/findings";
import type { FlowDocument, Step } from "../../engine/core/types";
import { replaceStep } from "../../engine/studio/stepEdits";
import { stepUiSchema } from "./formEditors";
import { RawStepEditor } from "./RawStepEditor";
import { StepContext } from "./stepContext";
import { StepFindings } from "./StepFindings";
import { StepIdEditor } from "./StepIdEditor";
import { isRequired, kindDefinition, kindWords, propertyTitle, stepFormSchema } from "./stepFormSchema";

export interface StepPropertiesProps {
  flow: FlowDocument;
  stepId: string;
  readOnly: boolean;
  /** The findings on this step. */
  findings: Finding[];
  onChange(flow: FlowDocument, label: string): void;
}

/** Properties the generated form does not hold (the id has its own editor; the kind never changes here). */
const KEPT = new Set(["id", "kind"]);

export function StepProperties({ flow, stepId, readOnly, findings, onChange }: StepPropertiesProps) {
  const step = flow.steps.find((s) => s.id === stepId);
  const kind = step?.kind;
  const schema = useMemo(() => kind && (stepFormSchema(kind) as RJSFSchema), [kind]);
  const uiSchema = useMemo(() => kind && stepUiSchema(kind), [kind]);
  const context = useMemo(() => step && { flow, step, readOnly }, [flow, step, readOnly]);
  if (!step || !schema || !uiSchema || !context) return <p>There is no step "{stepId}" in this version.</p>;

  const formData = Object.fromEntries(Object.entries(step).filter(([key]) => !KEPT.has(key)));
  const change = (event: IChangeEvent) => {
    const changed = withProperties(step, (event.formData ?? {}) as Record<string, unknown>);
    const key = firstDifference(step, changed);
    if (key === undefined) return;
    onChange(replaceStep(flow, step.id, changed), `Change ${propertyTitle(step.kind, key).toLowerCase()} of ${step.id}`);
  };
  const headingId = `studio-step-heading-${step.id}`;
  return (
    <section className="studio-step-properties" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Step {step.id} <span className="studio-properties__kind">({kindWords(step.kind)})</span>
      </h2>
      <StepFindings findings={findings} />
      <StepIdEditor key={step.id} flow={flow} step={step} readOnly={readOnly} onChange={onChange} />
      <StepContext value={context}>
        <Form
          className="studio-form"
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={formData}
          idPrefix={`studio-${step.id}`}
          idSeparator="-"
          disabled={readOnly}
          readonly={readOnly}
          noHtml5Validate
          showErrorList={false}
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: "never" }, emptyObjectFields: "skipDefaults" }}
          onChange={change}
          onSubmit={() => undefined}
        />
      </StepContext>
      <RawStepEditor key={`raw-${step.id}`} flow={flow} step={step} readOnly={readOnly} onChange={onChange} />
    </section>
  );
}

/**
 * The step with the form's values in place: keys in the order the step has them; an emptied property removed, or
 * kept empty when the kind requires it (so it keeps its place while retyped); a new one where the kind's schema
 * lists it among the step's keys.
 */
export function withProperties(step: Step, values: Record<string, unknown>): Step {
  const entries: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(step)) {
    const next = KEPT.has(key) ? value : values[key];
    if (next !== undefined && next !== "") entries.push([key, next]);
    else if (isRequired(step.kind, key)) entries.push([key, typeof value === "string" ? "" : next]);
  }
  const order = Object.keys(kindDefinition(step.kind).properties ?? {});
  for (const [key, value] of Object.entries(values)) {
    if (KEPT.has(key) || key in step || value === undefined || value === "") continue;
    const before = entries.findIndex(([other]) => order.indexOf(other) > order.indexOf(key));
    entries.splice(before < 0 ? entries.length : before, 0, [key, value]);
  }
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as unknown as Step;
}

/** The first property whose value differs between two versions of a step. */
function firstDifference(before: Step, after: Step): string | undefined {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  return [...keys].find((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}
