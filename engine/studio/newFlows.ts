/**
 * A new flow made in the live studio from a copy of a published one: what a publisher chooses (an id, a title, the
 * specification's product type and service type, from their lists, never typed), the checks on it that the studio
 * runs as it is typed and the server runs again, and the copy's first version as made from the source version.
 */
import fieldsSchema from "../../schemas/fields.schema.json" with { type: "json" };
import flowSchema from "../../schemas/flow.schema.json" with { type: "json" };
import type { FlowDocument } from "../core/types";
import type { ProductType } from "../../schemas/generated/flow";
import type { ServiceType } from "../../schemas/generated/fields";

/** What a publisher asks for. */
export interface NewFlowAsk {
  id: string;
  title: string;
  productType: string;
  serviceType: string;
  /** The published flow copied, and its version (its default when not given). */
  copyOf: string;
  copyVersion?: number;
}

/** What the server answers when the flow is made: the flow, and its v1's draft. */
export interface NewFlowMade {
  flow: string;
  draft: string;
}

/**
 * The product types a new flow may have: the specification's, without the chooser (it sends visitors on and sends no
 * lead) and the test type (for flows made by tests, never published).
 */
export const NEW_FLOW_PRODUCT_TYPES: readonly ProductType[] = (flowSchema.definitions.productType.enum as ProductType[]).filter((t) => t !== "chooseProduct" && t !== "test");

/** The specification's service types: the buyers a flow's leads are offered to. */
export const NEW_FLOW_SERVICE_TYPES: readonly ServiceType[] = fieldsSchema.definitions.serviceType.enum as ServiceType[];

/** A flow id: its address is /quote/<id>/. */
export const NEW_FLOW_ID = /^[a-z][a-z0-9-]{1,47}$/;

/** The longest title (the flow schema's). */
export const TITLE_MAX = flowSchema.properties.title.maxLength;

/** What is wrong with the ask, in words for whoever fills the form, or undefined; `taken` says whether an id is in use. */
export function newFlowProblem(ask: Partial<Record<keyof NewFlowAsk, unknown>>, taken: (id: string) => boolean): string | undefined {
  const { id, title, productType, serviceType } = ask;
  if (typeof id !== "string" || !NEW_FLOW_ID.test(id)) {
    return "The flow id is 2 to 48 characters: lower-case letters, digits and hyphens, starting with a letter (it becomes the address /quote/<id>/).";
  }
  if (taken(id)) return `There is already a flow "${id}": choose another id.`;
  if (typeof title !== "string" || !title.trim()) return "Give the flow a title: visitors see it as the page's heading and title.";
  if (title.trim().length > TITLE_MAX) return `The title is ${TITLE_MAX} characters or fewer.`;
  if (typeof productType !== "string" || !(NEW_FLOW_PRODUCT_TYPES as readonly string[]).includes(productType)) {
    return `"${String(productType ?? "")}" is not a product type a new flow can have: choose one from the list.`;
  }
  if (typeof serviceType !== "string" || !(NEW_FLOW_SERVICE_TYPES as readonly string[]).includes(serviceType)) {
    return `"${String(serviceType ?? "")}" is not a service type of the specification: choose one from the list.`;
  }
  return undefined;
}

/** The new flow's v1: the source version's steps under the new id, address, title and types. */
export function newFlowDocument(source: FlowDocument, ask: Pick<NewFlowAsk, "id" | "title" | "productType" | "serviceType">): FlowDocument {
  const { description: _description, ...copied } = source;
  return {
    ...copied,
    id: ask.id,
    path: ask.id,
    version: 1,
    title: ask.title.trim(),
    productType: ask.productType as ProductType,
    serviceType: ask.serviceType as ServiceType,
    description: `Copied from ${source.id} v${source.version}.`,
  };
}
