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

/**
 * A value as the dialog shows it: JSON, and past `limit` characters shortened where a reader can see the cut, never
 * inside a word: a text at a space, a list or object after its last whole item, saying how many more there are.
 */
export function shownValue(value: unknown, limit = 120): string {
  const text = JSON.stringify(value) ?? "(none)";
  if (text.length <= limit) return text;
  if (typeof value === "string") {
    const cut = value.slice(0, limit - 3);
    const space = cut.lastIndexOf(" ");
    return `${JSON.stringify(space > 0 ? cut.slice(0, space) : cut)}…`;
  }
  const items: string[] = Array.isArray(value) ? value.map((item) => JSON.stringify(item) ?? "null") : Object.entries(value as Record<string, unknown>).map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`);
  const kept: string[] = [];
  let length = 2;
  for (const item of items) {
    if (length + item.length + 1 > limit - 12) break;
    kept.push(item);
    length += item.length + 1;
  }
  const more = items.length - kept.length;
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}${[...kept, `… ${more} more`].join(",")}${close}`;
}

interface OptionLike {
  value: string;
  label?: unknown;
  [property: string]: unknown;
}

function isOptionList(value: unknown): value is OptionLike[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && typeof (item as { value?: unknown }).value === "string");
}

/** A step's options changed: each option added, removed or changed (its label old → new first), or their order. */
function optionChanges(where: string, property: string, before: OptionLike[], after: OptionLike[]): VersionChange[] {
  const old = new Map(before.map((option) => [option.value, option]));
  const kept = new Set(after.map((option) => option.value));
  const changes = after.flatMap((option): VersionChange[] => {
    const at = `${where}: option "${option.value}"`;
    const was = old.get(option.value);
    if (!was) return [{ where: at, kind: "added", new: shownValue(option.label ?? option.value) }];
    const keys = [...new Set(["label", ...Object.keys(was), ...Object.keys(option)])].filter((key) => key !== "value");
    return keys.flatMap((key): VersionChange[] => {
      const [then, now] = [was[key], option[key]];
      if (JSON.stringify(then) === JSON.stringify(now)) return [];
      if (then === undefined) return [{ where: at, property: key, kind: "added", new: shownValue(now) }];
      if (now === undefined) return [{ where: at, property: key, kind: "removed", old: shownValue(then) }];
      return [{ where: at, property: key, kind: "changed", old: shownValue(then), new: shownValue(now) }];
    });
  });
  const removed = before.filter((option) => !kept.has(option.value)).map((option): VersionChange => ({ where: `${where}: option "${option.value}"`, kind: "removed", old: shownValue(option.label ?? option.value) }));
  const order = (options: OptionLike[]) => options.map((option) => option.value).filter((value) => old.has(value) && kept.has(value));
  const reordered = JSON.stringify(order(before)) === JSON.stringify(order(after)) ? [] : [{ where, property: `${property} order`, kind: "changed" as const, old: order(before).join(", "), new: order(after).join(", ") }];
  return [...changes, ...removed, ...reordered];
}

function propertyChanges(where: string, before: Record<string, unknown>, after: Record<string, unknown>, skip: ReadonlySet<string>): VersionChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !skip.has(key));
  return keys.flatMap((property): VersionChange[] => {
    const [old, now] = [before[property], after[property]];
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    if (old === undefined) return [{ where, property, kind: "added", new: shownValue(now) }];
    if (now === undefined) return [{ where, property, kind: "removed", old: shownValue(old) }];
    if (isOptionList(old) && isOptionList(now)) return optionChanges(where, property, old, now);
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

/** One change as a sentence; an option's label reads old → new. */
export function changeInWords(change: VersionChange): string {
  if (change.property === undefined) return change.kind === "added" ? `${change.where} added (${change.new})` : `${change.where} removed (it was ${change.old})`;
  if (change.kind === "changed" && / option "[^"]*"$/.test(change.where) && change.property === "label") return `${change.where}: label ${change.old} → ${change.new}`;
  const what = `${change.where}: ${change.property}`;
  if (change.kind === "added") return `${what} set to ${change.new}`;
  if (change.kind === "removed") return `${what} removed (it was ${change.old})`;
  return `${what} changed from ${change.old} to ${change.new}`;
}
