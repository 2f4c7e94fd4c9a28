/** A select of the field library's keys, each read as its label and key: "Current supplier (currentSupplier)". */
import { fieldKeyWords } from "../../engine/core/fieldLabels";
import { fieldKeys } from "../../engine/core/fieldLibrary";
import type { FieldKey } from "../../engine/core/types";

interface FieldKeySelectProps {
  id: string;
  value: string;
  disabled?: boolean;
  /** Fields listed first, in their own group (those asked before the step, for a condition). */
  first?: readonly FieldKey[];
  onChange(key: FieldKey): void;
}

export function FieldKeySelect({ id, value, disabled, first, onChange }: FieldKeySelectProps) {
  const option = (key: FieldKey) => (
    <option key={key} value={key}>
      {fieldKeyWords(key)}
    </option>
  );
  const firstSet = new Set(first ?? []);
  const known = (fieldKeys as string[]).includes(value);
  return (
    <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as FieldKey)}>
      {!known && <option value={value}>{value === "" ? "Choose a field" : `${value} (not in the field library)`}</option>}
      {first ? (
        <>
          <optgroup label="Asked before this step">{(first as FieldKey[]).map(option)}</optgroup>
          <optgroup label="Other fields">{fieldKeys.filter((k) => !firstSet.has(k)).map(option)}</optgroup>
        </>
      ) : (
        fieldKeys.map(option)
      )}
    </select>
  );
}
