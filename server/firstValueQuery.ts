/**
 * The query string as every route reads it: one value per parameter, the first when a name repeats, as the browser's
 * URLSearchParams.get reads the same address. No route ever sees a list, so `?tm=1&tm=0` is `tm=1` everywhere.
 */

/** Each parameter's first value, decoded as browsers encode forms (`+` is a space); names like `__proto__` are plain keys. */
export function firstValueQuery(query: string): Record<string, string> {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(query)) if (!(name in values)) values[name] = value;
  return values;
}
