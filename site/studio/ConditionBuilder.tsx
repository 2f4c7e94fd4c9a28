/**
 * A rule's condition as rows of a field, a comparison that fits the field and a value, all of which must hold; it
 * writes the JSONLogic the flow uses. A condition of another shape is edited as JSON.
 */
import { useId, useState } from "react";
import { comparisonWords, comparisonsFor, conditionLogicAll, fieldChoices, fieldShape, readCondition, type Comparison, type ConditionValue, type SimpleCondition } from "../../engine/core/conditionForms";
import type { FieldKey, FlowDocument } from "../../engine/core/types";
import { FieldKeySelect } from "./FieldKeySelect";

interface ConditionBuilderProps {
  /** How the rule is named to a screen reader: "Rule 1". */
  name: string;
  logic: object;
  flow: FlowDocument;
  /** Fields asked before the condition is tried, offered first. */
  asked: readonly FieldKey[];
  disabled: boolean;
  onChange(logic: object): void;
}

export function ConditionBuilder({ name, logic, flow, asked, disabled, onChange }: ConditionBuilderProps) {
  const rows = readCondition(logic);
  if (!rows) return <RawCondition name={name} logic={logic} disabled={disabled} onChange={onChange} />;
  const write = (next: SimpleCondition[]) => onChange(conditionLogicAll(next));
  return (
    <div className="studio-condition">
      {rows.map((row, index) => (
        <ConditionRow
          key={index}
          name={rows.length > 1 ? `${name}, condition ${index + 1}` : name}
          row={row}
          flow={flow}
          asked={asked}
          disabled={disabled}
          onChange={(changed) => write(rows.map((r, i) => (i === index ? changed : r)))}
          {...(rows.length > 1 ? { onRemove: () => write(rows.filter((_, i) => i !== index)) } : {})}
        />
      ))}
      <button type="button" disabled={disabled} onClick={() => write([...rows, startingRow(asked[0] ?? rows[0]!.field, flow)])}>
        Add condition to {name.toLowerCase()}
      </button>
    </div>
  );
}

/** A new row for a field: its first comparison and a value it can take. */
export function startingRow(field: FieldKey, flow: FlowDocument): SimpleCondition {
  return withComparison({ field, comparison: comparisonsFor(field)[0]! }, comparisonsFor(field)[0]!, flow);
}

/** The row with another comparison, its value kept where it still fits. */
function withComparison(row: SimpleCondition, comparison: Comparison, flow: FlowDocument): SimpleCondition {
  const first = fieldChoices(row.field, flow)?.[0]?.value ?? (fieldShape(row.field) === "number" ? 0 : "");
  const scalar = Array.isArray(row.value) ? row.value[0] : row.value;
  if (comparison === "noneTicked") return { field: row.field, comparison };
  if (comparison === "oneOf") return { field: row.field, comparison, value: Array.isArray(row.value) ? row.value : [scalar ?? first] as ConditionValue[] };
  return { field: row.field, comparison, value: scalar ?? first };
}

interface ConditionRowProps {
  name: string;
  row: SimpleCondition;
  flow: FlowDocument;
  asked: readonly FieldKey[];
  disabled: boolean;
  onChange(row: SimpleCondition): void;
  onRemove?(): void;
}

function ConditionRow({ name, row, flow, asked, disabled, onChange, onRemove }: ConditionRowProps) {
  const id = useId();
  const choices = fieldChoices(row.field, flow);
  return (
    <fieldset className="studio-condition__row">
      <legend>{name}: when</legend>
      <label htmlFor={`${id}-field`}>
        <span className="visually-hidden">{name}: </span>Field
      </label>
      <FieldKeySelect id={`${id}-field`} value={row.field} first={asked} disabled={disabled} onChange={(field) => onChange(startingRow(field, flow))} />
      <label htmlFor={`${id}-comparison`}>
        <span className="visually-hidden">{name}: </span>Comparison
      </label>
      <select id={`${id}-comparison`} value={row.comparison} disabled={disabled} onChange={(e) => onChange(withComparison(row, e.target.value as Comparison, flow))}>
        {comparisonsFor(row.field).map((c) => (
          <option key={c} value={c}>
            {comparisonWords[c]}
          </option>
        ))}
      </select>
      <ValueInput id={`${id}-value`} name={name} row={row} choices={choices} disabled={disabled} onChange={(value) => onChange({ ...row, value })} />
      {onRemove && (
        <button type="button" disabled={disabled} onClick={onRemove}>
          Remove {name.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

interface ValueInputProps {
  id: string;
  name: string;
  row: SimpleCondition;
  choices: ReturnType<typeof fieldChoices>;
  disabled: boolean;
  onChange(value: SimpleCondition["value"]): void;
}

/** The value compared with: the field's values to choose from where it has a list, else typed. */
function ValueInput({ id, name, row, choices, disabled, onChange }: ValueInputProps) {
  if (row.comparison === "noneTicked") return null;
  if (row.comparison === "oneOf") {
    const chosen = Array.isArray(row.value) ? row.value : [];
    if (!choices) {
      return (
        <>
          <label htmlFor={id}>
            <span className="visually-hidden">{name}: </span>Values (separated by commas)
          </label>
          <input id={id} value={chosen.join(", ")} disabled={disabled} onChange={(e) => onChange(e.target.value.split(",").map((v) => v.trim()))} />
        </>
      );
    }
    return (
      <fieldset>
        <legend>
          <span className="visually-hidden">{name}: </span>Values
        </legend>
        {choices.map((choice, index) => (
          <div key={String(choice.value)}>
            <input
              id={`${id}-${index}`}
              type="checkbox"
              checked={chosen.includes(choice.value as string | number)}
              disabled={disabled}
              onChange={(e) => onChange(choices.filter((c) => (c === choice ? e.target.checked : chosen.includes(c.value as string | number))).map((c) => c.value as string | number))}
            />
            <label htmlFor={`${id}-${index}`}>{choice.label}</label>
          </div>
        ))}
      </fieldset>
    );
  }
  const value = Array.isArray(row.value) ? row.value[0] : row.value;
  if (choices) {
    const known = choices.some((c) => c.value === value);
    return (
      <>
        <label htmlFor={id}>
          <span className="visually-hidden">{name}: </span>Value
        </label>
        <select id={id} value={String(value)} disabled={disabled} onChange={(e) => onChange(choices.find((c) => String(c.value) === e.target.value)!.value)}>
          {!known && <option value={String(value)}>{String(value ?? "")} (not a value of this field)</option>}
          {choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label === String(c.value) ? c.label : `${c.label} (${String(c.value)})`}
            </option>
          ))}
        </select>
      </>
    );
  }
  const numeric = fieldShape(row.field) === "number";
  return (
    <>
      <label htmlFor={id}>
          <span className="visually-hidden">{name}: </span>Value
        </label>
      <input id={id} type={numeric ? "number" : "text"} value={String(value ?? "")} disabled={disabled} onChange={(e) => onChange(numeric ? Number(e.target.value) : e.target.value)} />
    </>
  );
}

/** A condition the builder cannot draw, as JSON: applied as soon as it parses to one JSONLogic operation. */
function RawCondition({ name, logic, disabled, onChange }: { name: string; logic: object; disabled: boolean; onChange(logic: object): void }) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(logic, null, 2));
  const [problem, setProblem] = useState<string>();
  const edit = (value: string) => {
    setText(value);
    try {
      const parsed: unknown = JSON.parse(value);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || Object.keys(parsed).length !== 1) {
        setProblem("A condition is one JSONLogic operation, such as {\"==\": [{\"var\": \"utility\"}, \"gas\"]}.");
        return;
      }
      setProblem(undefined);
      onChange(parsed);
    } catch (error) {
      setProblem(`This is not valid JSON yet: ${(error as Error).message}`);
    }
  };
  return (
    <div className="studio-condition studio-condition--raw">
      <label htmlFor={id}>{name}: condition as JSON (the builder cannot draw this one)</label>
      <textarea id={id} value={text} rows={4} disabled={disabled} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(e) => edit(e.target.value)} />
      {problem && (
        <p id={`${id}-problem`} className="studio-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
