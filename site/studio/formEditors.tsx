/**
 * The studio's own editors as RJSF fields and widgets: the generated form hands them the property's value and
 * takes back the new one; the step and flow they need come from StepContext.
 */
import type { FieldProps, UiSchema, WidgetProps } from "@rjsf/utils";
import type { ComponentType } from "react";
import type { FieldKey, Option, StepKind, Transition } from "../../engine/core/types";
import { fieldsAskedBefore } from "../../engine/studio/fieldsAsked";
import { FieldKeyListEditor, OptionalFieldsEditor } from "./FieldKeyListEditor";
import { FieldKeySelect } from "./FieldKeySelect";
import { NextEditor } from "./NextEditor";
import { OptionsEditor } from "./OptionsEditor";
import { useStepContext } from "./stepContext";
import { isRequired, kindDefinition, propertyEditor, propertyTitle, type PropertyEditor } from "./stepFormSchema";

function FieldKeyWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  return <FieldKeySelect id={id} value={typeof value === "string" ? value : ""} disabled={Boolean(disabled || readonly)} onChange={onChange} />;
}

function FieldKeyListField({ formData, name, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const { step } = useStepContext();
  const keys = Array.isArray(formData) ? (formData as string[]) : [];
  return <FieldKeyListEditor title={propertyTitle(step.kind, name)} keys={keys} disabled={Boolean(disabled || readonly)} onChange={(k) => onChange(k, fieldPathId.path)} />;
}

function OptionalFieldsField({ formData, name, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const { step } = useStepContext();
  const fields = ("fields" in step ? step.fields : []) as FieldKey[];
  const optional = Array.isArray(formData) ? (formData as string[]) : [];
  return <OptionalFieldsEditor title={propertyTitle(step.kind, name)} fields={fields} optional={optional} disabled={Boolean(disabled || readonly)} onChange={(o) => onChange(o, fieldPathId.path)} />;
}

function OptionsField({ formData, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const { step } = useStepContext();
  const field = "field" in step && typeof step.field === "string" ? step.field : "";
  return <OptionsEditor options={(formData as Option[] | undefined) ?? []} field={field} disabled={Boolean(disabled || readonly)} onChange={(o) => onChange(o, fieldPathId.path)} />;
}

function NextField({ formData, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const { flow, step } = useStepContext();
  return (
    <NextEditor
      next={formData as Transition | undefined}
      flow={flow}
      step={step}
      asked={fieldsAskedBefore(flow, step.id)}
      required={isRequired(step.kind, "next")}
      disabled={Boolean(disabled || readonly)}
      onChange={(next) => onChange(next, fieldPathId.path)}
    />
  );
}

const fieldEditors: Record<Exclude<PropertyEditor, "fieldKey">, ComponentType<FieldProps>> = {
  fieldKeyList: FieldKeyListField,
  optionalFields: OptionalFieldsField,
  options: OptionsField,
  next: NextField,
};

/** Longer words get a text area. */
const TEXTAREA_FROM = 300;

/** The uiSchema of a kind's generated form: the studio's editors where the schema alone will not do. */
export function stepUiSchema(kind: StepKind): UiSchema {
  const ui: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  for (const [name, schema] of Object.entries(kindDefinition(kind).properties ?? {})) {
    const editor = propertyEditor(kind, name);
    if (editor === "fieldKey") ui[name] = { "ui:widget": FieldKeyWidget };
    else if (editor) ui[name] = { "ui:field": fieldEditors[editor], "ui:options": { label: false } };
    else if (typeof schema.maxLength === "number" && schema.maxLength >= TEXTAREA_FROM) ui[name] = { "ui:widget": "textarea" };
  }
  return ui;
}
