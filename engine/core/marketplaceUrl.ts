/**
 * Where a partner marketplace frame points. The page frames our own address for the step, which redirects to the
 * partner's page, so the partner's address (and the origin the Content Security Policy lets frames load from) is
 * the server's to set: both come from the flow corpus, with an operator's origin per partner (MARKETPLACE_ORIGINS).
 */
import { PERSONAL_FIELDS } from "./carryOver";
import { kindOf } from "./kinds/registry";
import type { FlowDocument, StepOfKind } from "./types";

/** The route that sends a marketplace frame on to the partner: /api/marketplace/<flow>/<version>/<step>. */
export const MARKETPLACE_ROUTE = "/api/marketplace";

/** The non-personal answers a marketplace step passes on, as query parameters. */
export function marketplaceParams(passFields: readonly string[], answers: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of passFields) {
    if (PERSONAL_FIELDS.has(field)) continue;
    const value = answers[field];
    if (typeof value === "string" || typeof value === "number") params.set(field, String(value));
    else if (Array.isArray(value)) params.set(field, value.join(","));
  }
  return params;
}

/** The partner marketplace's address with only the non-personal answers the step names. */
export function marketplaceUrl(url: string, passFields: readonly string[], answers: Record<string, unknown>): string {
  const target = new URL(url);
  for (const [key, value] of marketplaceParams(passFields, answers)) target.searchParams.set(key, value);
  return target.toString();
}

/** Our own address for a marketplace step, which the server redirects to the partner's page. */
export function marketplaceFramePath(flow: Pick<FlowDocument, "id" | "version">, step: StepOfKind<"mmob">, answers: Record<string, unknown>): string {
  const query = marketplaceParams(step.passFields, answers).toString();
  return `${MARKETPLACE_ROUTE}/${encodeURIComponent(flow.id)}/${flow.version}/${encodeURIComponent(step.id)}${query ? `?${query}` : ""}`;
}

/** A marketplace step's address with its origin replaced by an operator's (from MARKETPLACE_ORIGINS) when one is set. */
export function partnerAddress(step: Pick<StepOfKind<"mmob">, "url" | "partner">, origins: Readonly<Record<string, string>>): string {
  const origin = origins[step.partner];
  if (!origin) return step.url;
  const url = new URL(step.url);
  return new URL(`${url.pathname}${url.search}`, origin).toString();
}

/** Every origin the flows' marketplace steps load from, for the policy's frame-src. */
export function marketplaceOrigins(flows: Iterable<Pick<FlowDocument, "steps">>, origins: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const flow of flows) {
    for (const step of flow.steps) {
      const frame = kindOf(step).partnerFrame?.(step);
      if (frame) found.add(new URL(partnerAddress(frame, origins)).origin);
    }
  }
  return [...found].sort();
}
