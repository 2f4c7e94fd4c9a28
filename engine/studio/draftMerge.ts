/**
 * Two analysts' edits to one draft, joined three ways from the revision both started from (the base). Each edit is
 * read as a list of changes to single properties; lists whose items all carry an `id` (steps) or a `value` (options)
 * are matched item by item, so a step added by one and a question reworded by the other are two changes, not one.
 * Changes to different properties join ("Keep both"); where both changed the same property (or one removed what the
 * other changed), their change stands and yours is offered to re-apply by hand.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A step of a path: an object's property, or the item of a list with this `id` or `value`. */
export type Segment = string | { item: string };

/** One change to one property (or one list item, or a list's order). */
export interface Change {
  path: Segment[];
  kind: "set" | "add" | "remove" | "order";
  /** The value before (absent for an added property or item). */
  before?: Json;
  /** The value after (absent for a removed one); for "order", the items' keys in their new order. */
  after?: Json;
  /** For an added list item: the key of the item before it, null when it comes first. */
  follows?: string | null;
}

/** Your change that touches what theirs touched too, with their changes it meets. */
export interface Overlap {
  mine: Change;
  theirs: Change[];
}

export interface DraftMerge<T> {
  /** Their draft with every change of yours that joins it. */
  merged: T;
  /** Your changes in `merged`. */
  joined: Change[];
  /** Your changes left out of `merged`, since theirs touched the same property. */
  overlaps: Overlap[];
}

/** The order change of a list sits beside its items, so reordering and editing an item are two properties. */
const ORDER = "#order";

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: Json | undefined, b: Json | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

function keyOf(item: Json): string | undefined {
  if (!isObject(item)) return undefined;
  const key = typeof item.id === "string" ? item.id : item.value;
  return typeof key === "string" || typeof key === "number" ? String(key) : undefined;
}

/** The items' keys when every item has one and no two share it. */
function keysOf(items: Json[]): string[] | undefined {
  const keys = items.map(keyOf);
  if (keys.some((k) => k === undefined)) return undefined;
  return new Set(keys).size === keys.length ? (keys as string[]) : undefined;
}

function diffAt(before: Json, after: Json, path: Segment[], out: Change[]): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const b = before[key];
      const a = after[key];
      if (b === undefined) out.push({ path: [...path, key], kind: "add", after: a! });
      else if (a === undefined) out.push({ path: [...path, key], kind: "remove", before: b });
      else diffAt(b, a, [...path, key], out);
    }
    return;
  }
  const beforeKeys = Array.isArray(before) ? keysOf(before) : undefined;
  const afterKeys = Array.isArray(after) ? keysOf(after) : undefined;
  if (Array.isArray(before) && Array.isArray(after) && beforeKeys && afterKeys) {
    const beforeItems = new Map(before.map((item, i) => [beforeKeys[i]!, item]));
    const afterItems = new Map(after.map((item, i) => [afterKeys[i]!, item]));
    for (const key of beforeKeys) if (!afterItems.has(key)) out.push({ path: [...path, { item: key }], kind: "remove", before: beforeItems.get(key)! });
    afterKeys.forEach((key, i) => {
      const item = afterItems.get(key)!;
      const was = beforeItems.get(key);
      if (was === undefined) out.push({ path: [...path, { item: key }], kind: "add", after: item, follows: i === 0 ? null : afterKeys[i - 1]! });
      else diffAt(was, item, [...path, { item: key }], out);
    });
    const kept = afterKeys.filter((key) => beforeItems.has(key));
    const wasOrder = beforeKeys.filter((key) => afterItems.has(key));
    if (!same(kept, wasOrder)) out.push({ path: [...path, ORDER], kind: "order", before: wasOrder, after: afterKeys });
    return;
  }
  out.push({ path, kind: "set", before, after });
}

/** What turns `before` into `after`, property by property. */
export function changesBetween(before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  diffAt(before as Json, after as Json, [], out);
  return out;
}

const segmentsEqual = (a: Segment, b: Segment) => (typeof a === "string" ? a === b : typeof b !== "string" && a.item === b.item);

/** Whether one path is the other or lies within it. */
function overlapping(a: Segment[], b: Segment[]): boolean {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (!segmentsEqual(a[i]!, b[i]!)) return false;
  return true;
}

/** Whether two changes touch the same property (or one lies within what the other changed). */
export const touchSame = (a: Change, b: Change): boolean => overlapping(a.path, b.path);

const sameChange = (a: Change, b: Change) => a.path.length === b.path.length && overlapping(a.path, b.path) && a.kind === b.kind && same(a.after, b.after);

type Holder = { [key: string]: Json } | Json[];

/** The object or list holding the path's last step, and where in it; undefined when a step on the way is gone. */
function locate(doc: Json, path: Segment[]): { holder: Holder; at: Segment } | undefined {
  let node: Json | undefined = doc;
  for (const segment of path.slice(0, -1)) {
    if (typeof segment === "string") node = isObject(node) ? node[segment] : undefined;
    else node = Array.isArray(node) ? node.find((item) => keyOf(item) === segment.item) : undefined;
    if (node === undefined || node === null || typeof node !== "object") return undefined;
  }
  return { holder: node as Holder, at: path.at(-1)! };
}

/** The change made to (a copy of) `doc`; undefined when what it changes is no longer there. */
export function applyChange<T>(doc: T, change: Change): T | undefined {
  const copy = structuredClone(doc as Json);
  if (change.path.length === 0) return change.after === undefined ? undefined : (structuredClone(change.after) as T);
  const place = locate(copy, change.path);
  if (!place) return undefined;
  const { holder, at } = place;
  if (Array.isArray(holder)) {
    if (change.kind === "order" && at === ORDER) {
      const wanted = (change.after as string[]).filter((key) => holder.some((item) => keyOf(item) === key));
      const slots = holder.map((item, i) => (wanted.includes(keyOf(item)!) ? i : -1)).filter((i) => i >= 0);
      const items = wanted.map((key) => holder.find((item) => keyOf(item) === key)!);
      slots.forEach((slot, i) => (holder[slot] = items[i]!));
      return copy as T;
    }
    if (typeof at === "string") return undefined;
    const index = holder.findIndex((item) => keyOf(item) === at.item);
    if (change.kind === "remove") {
      if (index >= 0) holder.splice(index, 1);
      return copy as T;
    }
    const value = structuredClone(change.after!);
    if (index >= 0) holder[index] = value;
    else if (change.kind === "add") {
      const after = change.follows === null ? -1 : holder.findIndex((item) => keyOf(item) === change.follows);
      holder.splice(change.follows !== null && after < 0 ? holder.length : after + 1, 0, value);
    } else return undefined;
    return copy as T;
  }
  if (typeof at !== "string") return undefined;
  if (change.after === undefined) delete holder[at];
  else holder[at] = structuredClone(change.after);
  return copy as T;
}

/** Their draft with your changes since `base` joined where they touch other properties than theirs. */
export function mergeDrafts<T>(base: T, mine: T, theirs: T): DraftMerge<T> {
  const their = changesBetween(base, theirs);
  let merged: T = structuredClone(theirs);
  const joined: Change[] = [];
  const overlaps: Overlap[] = [];
  for (const change of changesBetween(base, mine)) {
    if (their.some((t) => sameChange(t, change))) continue;
    const met = their.filter((t) => touchSame(t, change));
    const next = met.length === 0 ? applyChange(merged, change) : undefined;
    if (next === undefined) overlaps.push({ mine: change, theirs: met });
    else {
      merged = next;
      joined.push(change);
    }
  }
  return { merged, joined, overlaps };
}

const LIST_ITEM: Record<string, string> = { steps: "step", options: "option", rules: "rule", fields: "field" };

/** A path in the studio's words: `step "cover" › question`, `step "property" › option "detached" › label`. */
export function pathInWords(path: Segment[]): string {
  const words: string[] = [];
  path.forEach((segment, i) => {
    if (typeof segment !== "string") {
      const list = path[i - 1];
      const name = typeof list === "string" ? (LIST_ITEM[list] ?? list) : "item";
      words[words.length - 1] = `${name} "${segment.item}"`;
    } else if (segment === ORDER) words[words.length - 1] = `the order of ${words.at(-1) ?? "the list"}`;
    else words.push(segment);
  });
  return words.length === 0 ? "the whole draft" : words.join(" › ");
}

/** A change in one line: `step "cover" › question: "Old" → "New"`. */
export function changeInWords(change: Change): string {
  const where = pathInWords(change.path);
  const shown = (v: Json | undefined) => JSON.stringify(v);
  if (change.kind === "order") return `${where}: ${(change.after as string[]).join(", ")}`;
  if (change.kind === "add") return `${where} added: ${shown(change.after)}`;
  if (change.kind === "remove") return `${where} removed (was ${shown(change.before)})`;
  return `${where}: ${shown(change.before)} → ${shown(change.after)}`;
}
