/**
 * The version of a flow a quote page shows is the server's choice (server/plugins/quotePages.ts): it sends that
 * version's pre-rendered page, marked `data-flow-version`, and the page's script takes over the same markup. Only
 * a page drawn without the server's HTML (the live preview's empty page) chooses for itself: `?v=` when it names
 * a version, else the default.
 */
import { createContext } from "react";
import type { FlowSummary } from "./flowSummary";

/** The version being pre-rendered (set by the build for each version's page). */
export const ServedVersionContext = createContext<number | undefined>(undefined);

/** The attribute on the quote page's root element naming the version it shows. */
export const VERSION_ATTRIBUTE = "data-flow-version";

/** The version the server rendered into this markup, when it did. */
export function versionInMarkup(root: ParentNode): number | undefined {
  const value = root.querySelector(`[${VERSION_ATTRIBUTE}]`)?.getAttribute(VERSION_ATTRIBUTE);
  return value ? Number(value) : undefined;
}

/** Without the server's HTML: the version `?v=` names, else the default. */
export function versionWithoutServer(flow: FlowSummary, search: string): number {
  const asked = Number(new URLSearchParams(search).get("v"));
  return flow.versions.includes(asked) ? asked : flow.defaultVersion;
}

/** Whether this visit is counted in the experiment: not a preview (`?v=`), and the visitor has not objected. */
export function isCountedVisit(search: string, analyticsRefused: boolean): boolean {
  const asked = new URLSearchParams(search).get("v");
  return (asked === null || asked === "") && !analyticsRefused;
}
