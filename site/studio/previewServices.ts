/**
 * The services the phone preview draws a draft with: nothing leaves the page. A lead is answered as if it were
 * in, addresses are a made-up list, and a form step is checked by a validator compiled from the draft as it
 * stands (the site's own are precompiled from saved files only).
 */
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { browserSchemas } from "../../engine/core/stepSchema";
import type { FlowDocument } from "../../engine/core/types";
import type { Address, Deal, FlowServices, LeadResponse, ValidatorModule } from "../../engine/react/types";
import { precompileOptions } from "../../engine/node/validation";

const dealFiles = import.meta.glob<{ deals: Deal[] }>("../../forms/deals/*.json", { import: "default" });

/** One compiler for the preview, set up as the build's precompiled validators are. */
function createCompiler(): Ajv {
  const { customFormats, ajvFormatOptions, ajvOptionsOverrides } = precompileOptions();
  const ajv = new Ajv({ ...ajvOptionsOverrides, strict: false });
  addFormats(ajv, ajvFormatOptions);
  for (const [name, check] of Object.entries(customFormats)) ajv.addFormat(name, check);
  return ajv;
}

let compiler: Ajv | undefined;

/** The validator of a step of the draft, keyed as the site's are ("<stepId>" or "<stepId>:<variant>"). */
export function draftValidator(flow: FlowDocument, key: string): ValidatorModule {
  const [stepId, variant] = key.split(":");
  const step = flow.steps.find((s) => s.id === stepId);
  const schema = step && browserSchemas(step)[variant === undefined ? "" : `:${variant}`];
  if (!schema) throw new Error(`The draft has no validator "${key}"`);
  const { $id: _id, ...standalone } = schema;
  return { stepValidator: (compiler ??= createCompiler()).compile(standalone) };
}

/** Made-up addresses at any postcode, so the address step can be tried. */
function sampleAddresses(postcode: string): Address[] {
  return [1, 2].map((n) => ({ id: `preview-${n}`, lines: [`${n} Example Street`], townCity: "Exampleton", postcode: postcode.toUpperCase() }));
}

/** The preview's services: `onLeadSent` is told when the draft would send the lead (nothing is sent). */
export function previewServices(onLeadSent: () => void): FlowServices {
  return {
    lookupAddresses: async (postcode) => sampleAddresses(postcode),
    async submitLead(): Promise<LeadResponse> {
      onLeadSent();
      return { code: "99", leadId: "preview" };
    },
    loadValidator: async (flow, key) => draftValidator(flow, key),
    startFlow: () => undefined,
    loadPartners: async () => [],
    knownPartners: () => [],
    async loadDeals(name) {
      const load = dealFiles[`../../forms/deals/${name}.json`];
      if (!load) throw new Error(`No deals file forms/deals/${name}.json`);
      return (await load()).deals;
    },
  };
}
