/**
 * What a new version changes from the one it was made from, in words: the steps added and removed, and for each
 * step kept (and the flow itself) the properties changed with their old and new values.
 */
import type { FlowDocument } from "../core/types";

/** One change: where (the flow, or a step), what (a property, or the step itself), and its values. */
export interface VersionChange {
  /** "the flow" or `step "buildings"`. */
  where: string;
  /** The property changed; undefined when the whole step was added or removed. */
  property?: string;
  kind: "added" | "removed" | "changed";
  old?: string;
  new?: string;
}

/** A value as the dialog shows it: JSON, cut short past `limit` characters. */
export function shownValue(value: unknown, limit = 120): string {
  const text = JSON.stringify(value) ?? "(none)";
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

function propertyChanges(where: string, before: Record<string, unknown>, after: Record<string, unknown>, skip: ReadonlySet<string>): VersionChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !skip.has(key));
  return keys.flatMap((property): VersionChange[] => {
    const [old, now] = [before[property], after[property]];
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    if (old === undefined) return [{ where, property, kind: "added", new: shownValue(now) }];
    if (now === undefined) return [{ where, property, kind: "removed", old: shownValue(old) }];
    return [{ where, property, kind: "changed", old: shownValue(old), new: shownValue(now) }];
  });
}

/** The changes from `before` to `after`, the flow's own properties first, then the steps in `after`'s order. */
export function versionChanges(before: FlowDocument, after: FlowDocument): VersionChange[] {
  const flow = propertyChanges("the flow", before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>, new Set(["steps", "version", "$schema"]));
  const old = new Map(before.steps.map((step) => [step.id, step]));
  const kept = new Set(after.steps.map((step) => step.id));
  const steps = after.steps.flatMap((step): VersionChange[] => {
    const was = old.get(step.id);
    if (!was) return [{ where: `step "${step.id}"`, kind: "added", new: step.kind }];
    return propertyChanges(`step "${step.id}"`, was as unknown as Record<string, unknown>, step as unknown as Record<string, unknown>, new Set());
  });
  const removed = before.steps.filter((step) => !kept.has(step.id)).map((step): VersionChange => ({ where: `step "${step.id}"`, kind: "removed", old: step.kind }));
  return [...flow, ...steps, ...removed];
}

/** One change as a sentence. */
export function changeInWords(change: VersionChange): string {
  if (change.property === undefined) return change.kind === "added" ? `${change.where} added (${change.new})` : `${change.where} removed (it was ${change.old})`;
  const what = `${change.where}: ${change.property}`;
  if (change.kind === "added") return `${what} set to ${change.new}`;
  if (change.kind === "removed") return `${what} removed (it was ${change.old})`;
  return `${what} changed from ${change.old} to ${change.new}`;
}
