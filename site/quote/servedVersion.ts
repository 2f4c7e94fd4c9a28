/**
 * The version of a flow a quote page shows is the server's choice (server/plugins/quotePages.ts): it sends that
 * version's pre-rendered page, marked `data-flow-version`, and the page's script takes over the same markup. A
 * quote page the app draws itself (reached from another page of the site, or the live preview's empty page) asks
 * the server for the same choice; only when the server cannot answer does it take `?v=`, else the default.
 */
import { createContext } from "react";
import { SERVED_STEP_ID, type ServedStep } from "../../engine/core/servedStep";
import type { FlowSummary } from "./flowSummary";

/** The version being pre-rendered (set by the build for each version's page). */
export const ServedVersionContext = createContext<number | undefined>(undefined);

/**
 * A step the server drew from a visit's kept answers (a quote without scripts): on the server, what it draws; in the
 * browser, what the page's script takes over (read from the page once, as it starts).
 */
export const ServedStepContext = createContext<ServedStep | undefined>(undefined);

/** The served step written into this page by the server, when there is one. */
export function servedStepInPage(): ServedStep | undefined {
  const text = document.getElementById(SERVED_STEP_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServedStep;
  } catch {
    return undefined;
  }
}

/** The attribute on the quote page's root element naming the version it shows. */
export const VERSION_ATTRIBUTE = "data-flow-version";

/** The version the server rendered into this markup, when it did. */
export function versionInMarkup(root: ParentNode): number | undefined {
  const value = root.querySelector(`[${VERSION_ATTRIBUTE}]`)?.getAttribute(VERSION_ATTRIBUTE);
  return value ? Number(value) : undefined;
}

/** The server's answers while the page lives, by flow and query. */
const answered = new Map<string, Promise<number>>();

/** The server's choice for a quote page the app draws itself; once per flow and query while the page lives. */
export function versionFromServer(flow: FlowSummary, search: string): Promise<number> {
  const key = `${flow.id}${search}`;
  let version = answered.get(key);
  if (!version) {
    const query = new URLSearchParams(search);
    const params = new URLSearchParams({ flow: flow.id });
    for (const name of ["v", "tm"]) if (query.has(name)) params.set(name, query.get(name)!);
    version = fetch(`/api/quote-version?${params}`, { credentials: "same-origin" })
      .then((response): Promise<{ version?: unknown }> | { version?: unknown } => (response.ok ? response.json() : {}))
      .then(({ version: served }) => (typeof served === "number" && flow.versions.includes(served) ? served : versionWithoutServer(flow, search)))
      .catch(() => versionWithoutServer(flow, search));
    answered.set(key, version);
  }
  return version;
}

/** Without the server's answer: the version `?v=` names, else the default. */
export function versionWithoutServer(flow: FlowSummary, search: string): number {
  const asked = Number(new URLSearchParams(search).get("v"));
  return flow.versions.includes(asked) ? asked : flow.defaultVersion;
}

/** Whether this visit is counted in the experiment: not a preview (`?v=`), and the visitor has not objected. */
export function isCountedVisit(search: string, analyticsRefused: boolean): boolean {
  const asked = new URLSearchParams(search).get("v");
  return (asked === null || asked === "") && !analyticsRefused;
}
