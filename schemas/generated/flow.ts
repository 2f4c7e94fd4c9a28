/* Generated from schemas/flow.schema.json by `npm run schemas:types`. Do not edit. */
import type { FieldKey, ServiceType } from "./fields";

/**
 * The spec's product types (SPEC §3), the one list every flow, buyer and test reads. "test" is the spec's test type: for flows made by tests, never for a published flow.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "productType".
 */
export type ProductType =
  | "chooseProduct"
  | "businessEnergy"
  | "businessGenerators"
  | "businessSolar"
  | "businessCreditCards"
  | "businessPayments"
  | "businessPaymentsBarclaycard"
  | "businessWater"
  | "businessWaste"
  | "businessBroadband"
  | "businessInsurance"
  | "homeEnergy"
  | "homeGenerators"
  | "homeSolar"
  | "homeBroadband"
  | "homeWaste"
  | "homeWater"
  | "homeInsurance"
  | "test";
/**
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "stepId".
 */
export type StepId = string;
/**
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "step".
 */
export type Step =
  | RadioStep
  | CheckboxStep
  | FormStep
  | FullBusinessAddressStep
  | UpsellStep
  | MmobStep
  | StickeeStep
  | SuccessStep;
/**
 * Where Next goes: a step id, or rules tried in order, the last without `when`.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "transition".
 */
export type Transition =
  | StepId
  | {
      when?: Condition;
      to: Target;
    }[];
/**
 * A step id in this flow, or another flow to continue into.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "target".
 */
export type Target =
  | StepId
  | {
      flow: string;
    };
/**
 * Other services to switch: choosing one starts that flow with the address and contact details already given.
 *
 * @minItems 1
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "upsellServices".
 */
export type UpsellServices = UpsellService[];

/**
 * One version of a quote flow: typed steps, a start step and the transitions between them.
 */
export interface FlowDocument {
  $schema?: string;
  /**
   * The flow id: the folder name under forms/.
   */
  id: string;
  /**
   * The route under /quote/ ("" for the chooser).
   */
  path: string;
  version: number;
  productType: ProductType;
  serviceType?: ServiceType;
  /**
   * The page heading above the steps.
   */
  title: string;
  /**
   * What an analyst changed in this version, for the flow listing.
   */
  description?: string;
  start: StepId;
  /**
   * @minItems 1
   */
  steps: Step[];
}
/**
 * One answer from a list; choosing it moves on.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "radioStep".
 */
export interface RadioStep {
  id: StepId;
  kind: "radio";
  field: FieldKey;
  question: string;
  hint?: string;
  /**
   * @minItems 2
   * @maxItems 20
   */
  options: Option[];
  submit?: boolean;
  next: Transition;
}
/**
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "option".
 */
export interface Option {
  value: string;
  label: string;
  hint?: string;
}
/**
 * A JSONLogic expression over the answers, e.g. {"==": [{"var": "utility"}, "gas"]}.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "condition".
 */
export interface Condition {
  [k: string]: unknown;
}
/**
 * One or more answers from a list.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "checkboxStep".
 */
export interface CheckboxStep {
  id: StepId;
  kind: "checkbox";
  field: FieldKey;
  question: string;
  hint?: string;
  /**
   * @minItems 2
   * @maxItems 20
   */
  options: Option[];
  minSelected?: number;
  submit?: boolean;
  next: Transition;
}
/**
 * Text fields from the field library, drawn and checked by RJSF.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "formStep".
 */
export interface FormStep {
  id: StepId;
  kind: "form";
  question: string;
  hint?: string;
  /**
   * @minItems 1
   * @maxItems 12
   */
  fields: FieldKey[];
  /**
   * Fields of this step a visitor may leave empty.
   */
  optional?: FieldKey[];
  submitLabel?: string;
  /**
   * The wording shown beside the submit button.
   */
  consentText?: string;
  submit?: boolean;
  next: Transition;
}
/**
 * Postcode lookup, then pick an address, or enter street, town/city and postcode by hand.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "fullBusinessAddressStep".
 */
export interface FullBusinessAddressStep {
  id: StepId;
  kind: "full-business-address";
  question: string;
  hint?: string;
  submit?: boolean;
  next: Transition;
}
/**
 * Offers other services to switch; a choice starts that flow with the details already given.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "upsellStep".
 */
export interface UpsellStep {
  id: StepId;
  kind: "upsell";
  question: string;
  hint?: string;
  services: UpsellServices;
  submit?: boolean;
  next?: Transition;
}
export interface UpsellService {
  flow: string;
  label: string;
  hint?: string;
}
/**
 * An embedded partner marketplace, given only non-personal answers.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "mmobStep".
 */
export interface MmobStep {
  id: StepId;
  kind: "mmob";
  question: string;
  hint?: string;
  partner: string;
  url: string;
  passFields: FieldKey[];
  submit?: boolean;
  next?: Transition;
}
/**
 * A partner deals table; offers past their expiry date never show.
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "stickeeStep".
 */
export interface StickeeStep {
  id: StepId;
  kind: "stickee";
  question: string;
  hint?: string;
  /**
   * The deals data file's name under forms/deals/.
   */
  deals: string;
  submit?: boolean;
  next?: Transition;
}
/**
 * The end of a flow, after the lead is in: the stop-searching text, the phone status and the upsell to switch more services (`services`).
 *
 * This interface was referenced by `FlowDocument`'s JSON-Schema
 * via the `definition` "successStep".
 */
export interface SuccessStep {
  id: StepId;
  kind: "success";
  /**
   * The heading; defaults to the spec's thank-you line.
   */
  question?: string;
  message?: string;
  services?: UpsellServices;
}
