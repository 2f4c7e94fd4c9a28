/** Three-way merge of two edits (theirs, mine) to one draft's JSON, from a common base. Array items that carry an
 * `id` or `value` are matched by it, so reordered or added steps and options merge; any place both sides changed
 * differently is reported as an overlap and keeps "mine" in the result. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type MergeResult = { merged: Json; overlaps: string[] };

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: Json | undefined, b: Json | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);
const keyOf = (v: Json): string | undefined => {
  if (!isObject(v)) return undefined;
  const k = v.id ?? v.value;
  return typeof k === 'string' || typeof k === 'number' ? String(k) : undefined;
};
const keyed = (items: Json[]): boolean => items.every((item) => keyOf(item) !== undefined);

function mergeAt(base: Json | undefined, theirs: Json | undefined, mine: Json | undefined, path: string, overlaps: string[]): Json | undefined {
  if (same(theirs, mine)) return mine;
  if (same(base, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (isObject(base) && isObject(theirs) && isObject(mine)) {
    const out: { [key: string]: Json } = {};
    for (const k of new Set([...Object.keys(base), ...Object.keys(theirs), ...Object.keys(mine)])) {
      const v = mergeAt(base[k], theirs[k], mine[k], path ? `${path}.${k}` : k, overlaps);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine) && keyed(base) && keyed(theirs) && keyed(mine)) {
    const byKey = (items: Json[]) => new Map(items.map((item) => [keyOf(item)!, item]));
    const [b, t, m] = [byKey(base), byKey(theirs), byKey(mine)];
    const order = [...mine.map((x) => keyOf(x)!), ...theirs.map((x) => keyOf(x)!).filter((k) => !m.has(k))];
    const out: Json[] = [];
    for (const k of order) {
      const v = mergeAt(b.get(k), t.get(k), m.get(k), `${path}[${k}]`, overlaps);
      if (v !== undefined) out.push(v);
    }
    return out;
  }
  overlaps.push(path || '(whole document)');
  return mine;
}

export function mergeDocuments(base: Json, theirs: Json, mine: Json): MergeResult {
  const overlaps: string[] = [];
  const merged = mergeAt(base, theirs, mine, '', overlaps);
  return { merged: merged === undefined ? null : merged, overlaps };
}
