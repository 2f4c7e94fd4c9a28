/**
 * A new flow from a copy of a published one (engine/studio/newFlows.ts says what may be chosen): the flow and its v1's
 * draft are written together, or nothing is, with a 4xx in plain words for an id taken or badly shaped, an unknown
 * product or service type, or a flow to copy that is not served. Its v1 is then published as any draft is. Until a
 * publisher lists it, its page is kept out of search engines and the sitemap.
 */
import { newFlowDocument, newFlowProblem, type NewFlowMade } from "../../engine/studio/newFlows";
import { findStudioFlow, listStudioFlow, recordNewFlow } from "../storage/studioFlowsStore";
import { refused, type ChangeAnswer, type PublishingContext } from "./publishVersion";

/** A new flow made or listed: its status and body; a refusal is a ChangeAnswer. */
export type NewFlowAnswer = { status: 200 | 201; made: NewFlowMade | { flow: string; listedBy: string; listedAt: string } };

/** Makes the flow `ask` describes (see the module's comment). */
export async function makeNewFlow(context: PublishingContext, { ask, analyst, at }: { ask: Record<string, unknown>; analyst: string; at: Date }): Promise<NewFlowAnswer | ChangeAnswer> {
  const { catalog } = context;
  const problem = newFlowProblem(ask, (id) => catalog.hasFlow(id));
  if (problem) return refused(problem.startsWith("There is already") ? 409 : 400, problem);
  const copyOf = typeof ask.copyOf === "string" ? ask.copyOf : "";
  const source = catalog.corpus().flows.find((f) => f.id === copyOf && f.defaultVersion !== undefined);
  if (!source) return refused(400, `There is no served flow "${copyOf}" to copy: choose one from the list.`);
  const copyVersion = ask.copyVersion === undefined ? source.defaultVersion! : ask.copyVersion;
  const document = typeof copyVersion === "number" && Number.isInteger(copyVersion) ? catalog.getFlow(source.id, copyVersion) : undefined;
  if (!document) return refused(400, `${source.id} has no served version ${String(copyVersion)} to copy.`);
  if (document.productType === "chooseProduct") return refused(400, `${source.id} is the chooser, which sends visitors on to other flows: copy a flow that asks for a quote.`);
  const id = ask.id as string;
  const v1 = newFlowDocument(document, { id, title: ask.title as string, productType: ask.productType as string, serviceType: ask.serviceType as string });
  const outcome = await recordNewFlow(context.db, { flowId: id, copiedFrom: source.id, copiedVersion: document.version, document: JSON.stringify(v1), analyst, at: at.toISOString() });
  if (outcome === "taken") return refused(409, `There is already a flow "${id}": choose another id.`);
  return { status: 201, made: { flow: id, draft: outcome.draftId } };
}

/** Lists a flow made in the studio: its page is offered to search engines and the sitemap from now on. */
export async function listNewFlow(context: PublishingContext, { flowId, analyst, at }: { flowId: string; analyst: string; at: Date }): Promise<NewFlowAnswer | ChangeAnswer> {
  const made = await findStudioFlow(context.db, flowId);
  if (!made) {
    return context.catalog.hasFlow(flowId) ? refused(400, `${flowId} is a flow of the site's own: it is listed already.`) : refused(404, `There is no flow "${flowId}".`);
  }
  if (!context.catalog.hasFlow(flowId)) return refused(409, `${flowId} has no published version yet: publish its v1, then list it.`);
  await listStudioFlow(context.db, flowId, analyst, at.toISOString());
  await context.onListed?.();
  const listed = (await findStudioFlow(context.db, flowId))!;
  return { status: 200, made: { flow: flowId, listedBy: listed.listedBy!, listedAt: listed.listedAt! } };
}
