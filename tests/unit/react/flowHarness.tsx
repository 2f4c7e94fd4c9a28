/**
 * Renders the quote flow as a visitor meets it, with fake services: a postcode lookup that knows a few
 * postcodes, a lead endpoint that records what it is sent, and the real precompiled step validators.
 */
import { cleanup, configure, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach } from "vitest";
import { loadStepValidator } from "virtual:step-validators";
import { checkFlow } from "../../../engine/core/checkFlow";
import { browserSchemas } from "../../../engine/core/stepSchema";
import { stepById } from "../../../engine/core/walkFlow";
import { createAjv, createSchemaCheck } from "../../../engine/node/validation";
import type { Answers, FlowDocument } from "../../../engine/core/types";
import { QuoteFlow } from "../../../engine/react/QuoteFlow";
import { preloadStepKind } from "../../../engine/react/registry";
import type { Address, Deal, FlowServices, LeadResponse, QuoteFlowProps } from "../../../engine/react/types";
import v1 from "../../../forms/business-energy/v1.json";
import v2 from "../../../forms/business-energy/v2.json";

// jsdom draws nothing, so it has no scrolling; the error summary scrolls a field into view before focusing it.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// user-event's arrow keys find a radio's group with CSS.escape, which jsdom does not provide.
const view = document.defaultView as (Window & { CSS?: Partial<typeof CSS> }) | null;
if (view && !view.CSS?.escape) view.CSS = { ...view.CSS, escape: (value: string) => value.replace(/[^\w-]/g, "\\$&") };
// The form step's RJSF chunk is imported on first use, which can take longer than Testing Library's 1s default, and
// several seconds on a busy machine.
configure({ asyncUtilTimeout: 15_000 });
// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// The address step comes in a chunk of its own; a quote page fetches it before it is needed, and so do these tests.
await preloadStepKind("full-business-address");

// Imported, not read through tests/fixtures/forms.ts: under jsdom its `new URL("../../", import.meta.url)`
// resolves against the page (http://localhost:3000/), not the file system. Checked as the server checks them.
export const businessEnergyV1 = checkFlow(createSchemaCheck(), v1, "forms/business-energy/v1.json");
export const businessEnergyV2 = checkFlow(createSchemaCheck(), v2, "forms/business-energy/v2.json");

/** A postcode the lookup knows, with two addresses. */
export const KNOWN_POSTCODE = "LS1 4DY";
/** A real postcode shape that the lookup has no addresses for. */
export const EMPTY_POSTCODE = "SW1A 1AA";
/** A postcode whose lookup fails (the address service is down). */
export const FAILING_POSTCODE = "M1 1AE";

export const knownAddresses: Address[] = [
  { id: "addr-1", lines: ["1 Park Row"], townCity: "Leeds", postcode: KNOWN_POSTCODE },
  { id: "addr-2", lines: ["2 Park Row"], townCity: "Leeds", postcode: KNOWN_POSTCODE },
];

/** How the address list names the first known address. */
export const FIRST_ADDRESS_LABEL = "1 Park Row, Leeds, LS1 4DY";

/** Broadband offers for the deals table: one long expired, two current. */
export const fakeDeals: Deal[] = [
  { id: "old", provider: "BT", name: "Fibre 2", downloadMbps: 67, monthlyPrice: 25, contractMonths: 24, expires: "2023-09-21", url: "https://partner.example.com/bt-old" },
  { id: "ee", provider: "EE", name: "Full Fibre 500", downloadMbps: 500, monthlyPrice: 34.99, contractMonths: 24, expires: "2099-12-31", url: "https://partner.example.com/ee-500" },
  { id: "o2", provider: "O2", name: "Fibre 150", downloadMbps: 150, monthlyPrice: 27.5, contractMonths: 24, expires: "2099-06-30", url: "https://partner.example.com/o2-150" },
];

/** FlowServices that record what the renderer asks of them. */
export interface FakeFlowServices extends FlowServices {
  lookups: string[];
  leads: Answers[];
  /** When each step of each lead sent was answered, by step id, on the page's monotonic clock. */
  answeredAt: Array<Readonly<Record<string, number>>>;
  startedFlows: Array<{ flowId: string; answers: Answers }>;
}

/** What the fake lead endpoint answers: a response, a promise of one (to hold it back), or a network failure. */
export type LeadAnswer = LeadResponse | Promise<LeadResponse> | "network-error";

/**
 * Validators compiled here from each step's browser schemas, for a flow written in a test (the precompiled ones
 * cover the flows in forms/ only): the same schemas, compiled by the one Ajv set-up.
 */
export function compiledValidators(): FlowServices["loadValidator"] {
  const ajv = createAjv();
  return async (flow, key) => {
    const [stepId = "", variant] = key.split(":");
    const schema = browserSchemas(stepById(flow, stepId))[variant === undefined ? "" : `:${variant}`];
    if (!schema) throw new Error(`${flow.id} v${flow.version}: step ${key} has no browser check`);
    return { stepValidator: ajv.compile(schema) };
  };
}

/**
 * Fake services; the lead endpoint gives `leadResponse`, or each of a list in turn (the last repeating). Step
 * validators are the precompiled ones of forms/, unless `loadValidator` is given.
 */
export function fakeServices({
  leadResponse = { code: "1", leadId: "x" },
  loadValidator = (flow, key) => loadStepValidator(flow.id, flow.version, key),
}: { leadResponse?: LeadAnswer | LeadAnswer[]; loadValidator?: FlowServices["loadValidator"] } = {}): FakeFlowServices {
  const responses = Array.isArray(leadResponse) ? leadResponse : [leadResponse];
  const services: FakeFlowServices = {
    lookups: [],
    leads: [],
    answeredAt: [],
    startedFlows: [],
    async lookupAddresses(postcode) {
      services.lookups.push(postcode);
      if (postcode === KNOWN_POSTCODE) return knownAddresses;
      if (postcode === FAILING_POSTCODE) throw new Error("Address lookup answered 502");
      return [];
    },
    async submitLead(_flow, answers, answeredAt = {}) {
      services.leads.push(answers);
      services.answeredAt.push(answeredAt);
      const response = responses[Math.min(services.leads.length, responses.length) - 1];
      if (response === undefined || response === "network-error") throw new TypeError("Failed to fetch");
      return response;
    },
    loadValidator,
    startFlow(flowId, answers) {
      services.startedFlows.push({ flowId, answers });
    },
    async loadPartners() {
      return ["Bright Energy Brokers", "Northern Power Partners"];
    },
    async loadDeals() {
      return fakeDeals;
    },
  };
  return services;
}

/** Renders a flow from its start; returns the visitor (user-event) and the services it talks to. */
export function renderFlow(
  flow: FlowDocument,
  {
    services = fakeServices(),
    initialAnswers,
    onEvent,
    onBackAtStart,
  }: { services?: FakeFlowServices; initialAnswers?: Answers; onEvent?: QuoteFlowProps["onEvent"]; onBackAtStart?: () => void } = {},
) {
  const user = userEvent.setup();
  render(
    <QuoteFlow
      flow={flow}
      services={services}
      {...(initialAnswers ? { initialAnswers } : {})}
      {...(onEvent ? { onEvent } : {})}
      {...(onBackAtStart ? { onBackAtStart } : {})}
    />,
  );
  return { user, services };
}

export type Visitor = ReturnType<typeof renderFlow>["user"];

/** The step's question, the heading a visitor (and focus) lands on. */
export function stepHeading(question: string): HTMLElement {
  return screen.getByRole("heading", { level: 2, name: question });
}

/** The error summary, found by its title. */
export function errorSummary(): HTMLElement {
  return screen.getByRole("alert", { name: "Please fix the following issues:" });
}

/** The messages listed in the error summary, in order. */
export function summaryMessages(): string[] {
  return within(errorSummary()).getAllByRole("listitem").map((item) => item.textContent ?? "");
}

/** The Next button in the bar above the question, shown once the step has an answer. */
export function nextLozenge(): HTMLElement | undefined {
  return screen.queryAllByRole("button", { name: "Next" }).find((button) => !button.closest("form"));
}

/** The Next button at the foot of the step. */
export function nextButton(): HTMLElement {
  const button = screen.getAllByRole("button", { name: "Next" }).find((b) => b.closest("form"));
  if (!button) throw new Error("No Next button at the foot of the step");
  return button;
}

/** What assistive technology reads after a field's label: the text of the elements it is described by. */
export function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
}

/** Clicks an option of the current radio step (a tap, which moves on at once). */
export async function tapOption(user: Visitor, label: string): Promise<void> {
  await user.click(screen.getByRole("radio", { name: label }));
}

/** Answers v1's questions before the address step, for an electricity customer. */
export async function answerV1UpToAddress(user: Visitor): Promise<void> {
  for (const label of ["Electricity", "Under £1,000", "No", "In the next 3 months", "EDF"]) await tapOption(user, label);
}

/** Finds the known postcode's addresses, picks the first and moves on. */
export async function pickKnownAddress(user: Visitor): Promise<void> {
  await user.type(screen.getByLabelText("Postcode"), KNOWN_POSTCODE);
  await user.click(screen.getByRole("button", { name: "Find address" }));
  await user.selectOptions(await screen.findByLabelText("Select your address"), FIRST_ADDRESS_LABEL);
  await user.click(nextButton());
}

/** A form field's accessible name: its label, with the "*" RJSF adds to required ones. */
function fieldName(label: string): RegExp {
  return new RegExp(`^${label}\\*?$`);
}

/** A form field, waiting for the lazily loaded form to appear. */
export function findField(label: string): Promise<HTMLElement> {
  return screen.findByRole("textbox", { name: fieldName(label) });
}

/** Details that pass every check: libphonenumber accepts the phone number. */
export const contactDetails = {
  businessName: "Example Bakery Ltd",
  customerName: "Mary Jane Smith",
  phone: "020 7946 0000",
  email: "mary@example.com",
};

const contactLabels = [
  ["businessName", "Business name"],
  ["customerName", "Full name"],
  ["phone", "Phone number"],
  ["email", "Email"],
] as const;

/** Types the contact details into whichever of their fields the current form step shows, with any overrides. */
export async function fillContactDetails(user: Visitor, overrides: Partial<typeof contactDetails> = {}): Promise<void> {
  await screen.findAllByRole("textbox");
  const values = { ...contactDetails, ...overrides };
  for (const [key, label] of contactLabels) {
    const field = screen.queryByRole("textbox", { name: fieldName(label) });
    if (field && values[key] !== "") await user.type(field, values[key]);
  }
}

/** The question of the v1 contact step. */
export const V1_CONTACT_QUESTION = "Where should we send your quotes?";

/** Renders v1 and walks an electricity customer with a picked address to the contact details. */
export async function renderV1AtContactStep(services: FakeFlowServices = fakeServices()) {
  const rendered = renderFlow(businessEnergyV1, { services });
  await answerV1UpToAddress(rendered.user);
  await pickKnownAddress(rendered.user);
  await screen.findByRole("heading", { level: 2, name: V1_CONTACT_QUESTION });
  return rendered;
}

/** The answers v1 sends for that customer with `contactDetails`. */
export const expectedV1Lead: Answers = {
  utility: "electricity",
  spendString: "below1000",
  hasHalfHourlyMeter: "no",
  contractExpiry: "within3Months",
  currentSupplier: "edf",
  businessAddressManual: false,
  businessAddress: knownAddresses[0],
  street: "1 Park Row",
  townCity: "Leeds",
  postcode: KNOWN_POSTCODE,
  ...contactDetails,
};
