/**
 * Where a step goes next: always the same step (or another flow), or rules tried in order, each a condition built
 * from rows and a step to go to, the last for everyone else.
 */
import { useId } from "react";
import { conditionLogic } from "../../engine/core/conditionForms";
import { fieldKeys } from "../../engine/core/fieldLibrary";
import type { FieldKey, FlowDocument, Step, Target, Transition } from "../../engine/core/types";
import type { Condition } from "../../schemas/generated/flow";
import { ConditionBuilder, startingRow } from "./ConditionBuilder";

type Rule = Extract<Transition, unknown[]>[number];

interface NextEditorProps {
  next: Transition | undefined;
  flow: FlowDocument;
  step: Step;
  /** Fields asked before the rules are tried, offered first in conditions. */
  asked: readonly FieldKey[];
  /** Whether the kind must say where it goes (else "Nowhere" is offered). */
  required: boolean;
  disabled: boolean;
  onChange(next: Transition | undefined): void;
}

/** The one place a transition always leads, when it is not a choice between rules. */
function plainTarget(next: Transition | undefined): Target | undefined {
  if (typeof next === "string") return next;
  return next?.length === 1 && !next[0]!.when ? next[0]!.to : undefined;
}

/** A transition to one target as the flow writes it: a step id, or a single rule for another flow. */
function toTarget(target: Target): Transition {
  return typeof target === "string" ? target : [{ to: target }];
}

export function NextEditor({ next, flow, step, asked, required, disabled, onChange }: NextEditorProps) {
  const id = useId();
  const plain = plainTarget(next);
  const mode = next === undefined ? "none" : plain !== undefined ? "plain" : "rules";
  const fallback = (plain ?? (Array.isArray(next) ? next.at(-1)?.to : undefined) ?? flow.steps.find((s) => s.id !== step.id)?.id ?? step.id) as Target;
  const newCondition = () => conditionLogic(startingRow(asked[0] ?? fieldKeys[0]!, flow)) as Condition;
  const switchTo = (wanted: string) => {
    if (wanted === "none") onChange(undefined);
    else if (wanted === "plain") onChange(toTarget(fallback));
    else onChange([{ when: newCondition(), to: fallback }, { to: fallback }]);
  };
  return (
    <fieldset className="studio-next">
      <legend>Next</legend>
      <label htmlFor={`${id}-mode`}>Where next</label>
      <select id={`${id}-mode`} value={mode} disabled={disabled} onChange={(e) => switchTo(e.target.value)}>
        {!required && <option value="none">Nowhere: the flow ends here</option>}
        <option value="plain">Always the same step</option>
        <option value="rules">Depends on the answers (rules tried in order)</option>
      </select>
      {mode === "plain" && <TargetSelect label="Next step" target={plain!} flow={flow} step={step} disabled={disabled} onChange={(t) => onChange(toTarget(t))} />}
      {mode === "rules" && Array.isArray(next) && <RulesEditor rules={next} flow={flow} step={step} asked={asked} disabled={disabled} newCondition={newCondition} onChange={onChange} />}
    </fieldset>
  );
}

interface RulesEditorProps {
  rules: Rule[];
  flow: FlowDocument;
  step: Step;
  asked: readonly FieldKey[];
  disabled: boolean;
  newCondition(): Condition;
  onChange(next: Transition): void;
}

function RulesEditor({ rules, flow, step, asked, disabled, newCondition, onChange }: RulesEditorProps) {
  const set = (index: number, rule: Rule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  const move = (index: number, by: number) => {
    const moved = [...rules];
    const [rule] = moved.splice(index, 1);
    moved.splice(index + by, 0, rule!);
    onChange(moved);
  };
  const last = rules.at(-1)!;
  const add = () => {
    const at = last.when ? rules.length : rules.length - 1;
    onChange([...rules.slice(0, at), { when: newCondition(), to: last.to }, ...rules.slice(at)]);
  };
  return (
    <ol className="studio-rules">
      {rules.map((rule, index) => {
        const name = rule.when ? `Rule ${index + 1}` : `Rule ${index + 1} (everyone else)`;
        return (
          <li key={index}>
            <fieldset className="studio-rule">
              <legend>{name}</legend>
              {rule.when && <ConditionBuilder name={`Rule ${index + 1}`} logic={rule.when} flow={flow} asked={asked} disabled={disabled} onChange={(when) => set(index, { ...rule, when: when as Condition })} />}
              <TargetSelect label={`Rule ${index + 1}: goes to`} target={rule.to} flow={flow} step={step} disabled={disabled} onChange={(to) => set(index, { ...rule, to })} />
              <div className="studio-rule__actions">
                <button type="button" disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                  Move rule {index + 1} up
                </button>
                <button type="button" disabled={disabled || index === rules.length - 1} onClick={() => move(index, 1)}>
                  Move rule {index + 1} down
                </button>
                <button type="button" disabled={disabled || rules.length === 1} onClick={() => onChange(rules.filter((_, i) => i !== index))}>
                  Remove rule {index + 1}
                </button>
              </div>
            </fieldset>
          </li>
        );
      })}
      <li>
        <button type="button" disabled={disabled} onClick={add}>
          Add rule
        </button>
      </li>
    </ol>
  );
}

const ANOTHER_FLOW = "\u0000flow";

interface TargetSelectProps {
  label: string;
  target: Target;
  flow: FlowDocument;
  step: Step;
  disabled: boolean;
  onChange(target: Target): void;
}

/** A step of this flow to go to, or another flow (named by its id). */
function TargetSelect({ label, target, flow, step, disabled, onChange }: TargetSelectProps) {
  const id = useId();
  const known = typeof target === "string" && flow.steps.some((s) => s.id === target);
  return (
    <div className="studio-target">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={typeof target === "string" ? target : ANOTHER_FLOW}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === ANOTHER_FLOW ? { flow: typeof target === "object" ? target.flow : "" } : e.target.value)}
      >
        {typeof target === "string" && !known && <option value={target}>{target} (no such step)</option>}
        {flow.steps
          .filter((s) => s.id !== step.id)
          .map((s) => (
            <option key={s.id} value={s.id}>
              {s.id}
            </option>
          ))}
        <option value={ANOTHER_FLOW}>Another flow…</option>
      </select>
      {typeof target === "object" && (
        <>
          <label htmlFor={`${id}-flow`}>Flow id</label>
          <input id={`${id}-flow`} value={target.flow} disabled={disabled} onChange={(e) => onChange({ flow: e.target.value })} />
        </>
      )}
    </div>
  );
}
