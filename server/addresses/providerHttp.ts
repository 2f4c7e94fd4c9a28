/** The HTTP side shared by the paid address providers: one GET with a time-out, errors named after the provider. */
import { AddressLookupError } from "./addressProvider";

/** A provider's answer: its status and parsed JSON body (undefined when not JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/** GETs a provider URL; rejects with AddressLookupError on a network failure or time-out. */
export async function getJson(provider: string, url: URL, timeoutMs: number): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    throw new AddressLookupError(provider, name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : "could not be reached");
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** "LONDON" → "London", "NEWCASTLE UPON TYNE" → "Newcastle Upon Tyne": post towns arrive in capitals. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, gap: string, letter: string) => gap + letter.toUpperCase());
}

/** The non-empty, distinct lines of an address, at most four, each trimmed to the schema's length. */
export function addressLines(parts: Array<string | undefined>): string[] {
  const lines = parts.map((p) => p?.trim() ?? "").filter((p) => p !== "");
  return [...new Set(lines)].slice(0, 4).map((line) => line.slice(0, 120));
}
