/** The reference check of a list of other services to switch (an upsell step's, a success page's): each is a flow with a quote page. */
import type { UpsellServices } from "../types";
import type { StepReferences } from "./stepKind";

export function checkServices(services: UpsellServices | undefined, offeredBy: string, references: StepReferences): void {
  for (const service of services ?? []) {
    if (!references.knownFlows.has(service.flow)) references.report("unknown-flow", `${offeredBy} offers unknown flow "${service.flow}"`, references.flowFix(service.flow));
  }
}
