/**
 * A radio's or checkbox step's options as rows: a value (chosen from the values the field allows, when the field
 * library lists them) and the words a visitor reads.
 */
import { useId } from "react";
import { fieldChoices } from "../../engine/core/conditionForms";
import { isFieldKey } from "../../engine/core/fieldLibrary";
import type { Option } from "../../engine/core/types";

interface OptionsEditorProps {
  options: Option[];
  /** The step's field, whose allowed values the values are chosen from. */
  field: string;
  disabled: boolean;
  onChange(options: Option[]): void;
}

export function OptionsEditor({ options, field, disabled, onChange }: OptionsEditorProps) {
  const id = useId();
  const allowed = isFieldKey(field) ? fieldChoices(field)?.map((c) => String(c.value)) : undefined;
  const change = (index: number, patch: Partial<Option>) => onChange(options.map((o, i) => (i === index ? withPatch(o, patch) : o)));
  const unused = allowed?.find((v) => !options.some((o) => o.value === v));
  return (
    <fieldset className="studio-options">
      <legend>Options</legend>
      {options.map((option, index) => (
        <fieldset key={index} className="studio-option">
          <legend>Option {index + 1}</legend>
          <label htmlFor={`${id}-value-${index}`}>
            <span className="visually-hidden">Option {index + 1}: </span>
            Value
          </label>
          {allowed ? (
            <select id={`${id}-value-${index}`} value={option.value} disabled={disabled} onChange={(e) => change(index, { value: e.target.value })}>
              {!allowed.includes(option.value) && <option value={option.value}>{option.value} (not allowed for this field)</option>}
              {allowed.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          ) : (
            <input id={`${id}-value-${index}`} value={option.value} disabled={disabled} onChange={(e) => change(index, { value: e.target.value })} />
          )}
          <label htmlFor={`${id}-label-${index}`}>
            <span className="visually-hidden">Option {index + 1}: </span>
            Label
          </label>
          <input id={`${id}-label-${index}`} value={option.label} disabled={disabled} onChange={(e) => change(index, { label: e.target.value })} />
          <label htmlFor={`${id}-hint-${index}`}>
            <span className="visually-hidden">Option {index + 1}: </span>
            Hint
          </label>
          <input id={`${id}-hint-${index}`} value={option.hint ?? ""} disabled={disabled} onChange={(e) => change(index, { hint: e.target.value })} />
          <button type="button" disabled={disabled} onClick={() => onChange(options.filter((_, i) => i !== index))}>
            Remove option {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" disabled={disabled} onClick={() => onChange([...options, { value: unused ?? `option-${options.length + 1}`, label: "New option" }])}>
        Add option
      </button>
    </fieldset>
  );
}

/** The option with the patch applied in place; an emptied hint is removed. */
function withPatch(option: Option, patch: Partial<Option>): Option {
  const next: Option = { ...option, ...patch };
  if (next.hint === "") delete next.hint;
  return next;
}
