/** A list of field keys (a form's fields, the answers passed to a partner): each chosen from the field library. */
import { useId } from "react";
import { fieldKeys, fieldLabel } from "../../engine/core/fieldLibrary";
import type { FieldKey } from "../../engine/core/types";
import { FieldKeySelect } from "./FieldKeySelect";

interface FieldKeyListEditorProps {
  title: string;
  keys: readonly string[];
  disabled: boolean;
  onChange(keys: FieldKey[]): void;
}

export function FieldKeyListEditor({ title, keys, disabled, onChange }: FieldKeyListEditorProps) {
  const id = useId();
  const list = keys as FieldKey[];
  const free = fieldKeys.find((k) => !list.includes(k)) ?? fieldKeys[0]!;
  return (
    <fieldset className="studio-keys">
      <legend>{title}</legend>
      {list.map((key, index) => (
        <div key={index} className="studio-row">
          <label htmlFor={`${id}-${index}`}>
            {title} {index + 1}
          </label>
          <FieldKeySelect id={`${id}-${index}`} value={key} disabled={disabled} onChange={(k) => onChange(list.map((old, i) => (i === index ? k : old)))} />
          <button type="button" disabled={disabled} onClick={() => onChange(list.filter((_, i) => i !== index))}>
            Remove {fieldLabel(key)}
          </button>
        </div>
      ))}
      <button type="button" disabled={disabled} onClick={() => onChange([...list, free])}>
        Add to {title.toLowerCase()}
      </button>
    </fieldset>
  );
}

interface OptionalFieldsEditorProps {
  title: string;
  fields: readonly FieldKey[];
  optional: readonly string[];
  disabled: boolean;
  onChange(optional: FieldKey[] | undefined): void;
}

/** Which of a form's fields a visitor may leave empty: a tick box for each field the step asks. */
export function OptionalFieldsEditor({ title, fields, optional, disabled, onChange }: OptionalFieldsEditorProps) {
  const id = useId();
  const toggle = (key: FieldKey, on: boolean) => {
    const next = fields.filter((k) => (k === key ? on : optional.includes(k)));
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <fieldset className="studio-keys">
      <legend>{title}</legend>
      {fields.map((key, index) => (
        <div key={key} className="studio-row">
          <input id={`${id}-${index}`} type="checkbox" checked={optional.includes(key)} disabled={disabled} onChange={(e) => toggle(key, e.target.checked)} />
          <label htmlFor={`${id}-${index}`}>{fieldLabel(key)} may be left empty</label>
        </div>
      ))}
    </fieldset>
  );
}
