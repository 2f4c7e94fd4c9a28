/**
 * The full business address step: a postcode looked up into a list of addresses to pick from, or the address typed
 * in by hand (`businessAddressManual`), so its fields and schema depend on the answers.
 */
import { isUkPostcode } from "../formats/ukPostcode";
import { NO_ADDRESSES_MESSAGE, SELECT_ADDRESS_MESSAGE, fieldMessage } from "../messages";
import type { Answers, FieldKey, StepOfKind } from "../types";
import { objectOf, type AddressLookup, type FieldSchemaOf, type PlainSubmission, type PostedForm, type StepKindModule } from "./stepKind";

/** The name and value of the address step's "Find address" button, which looks the postcode up. */
export const FIND_ADDRESS = { name: "addressAction", value: "find" } as const;

/** The value of the same name's "Or enter address manually" button, which opens the manual form. */
export const MANUAL_ENTRY = "manual";

/** The manual form's marker: a hidden input, as the browser's form sends `businessAddressManual`. */
export const MANUAL_MARKER = { name: "businessAddressManual", value: "true" } as const;

/** Why a postcode cannot be looked up ("is required", "is invalid"), or undefined when it can. */
export function postcodeProblem(postcode: string): string | undefined {
  if (isUkPostcode(postcode)) return undefined;
  // Nothing typed is a missing postcode, not a wrong one.
  const error = postcode === "" ? { keyword: "required", params: { missingProperty: "postcode" } } : { keyword: "format", params: {} };
  return fieldMessage("postcode", { ...error, instancePath: "" });
}

/** The answers of a picked address, as the step records them. */
export function pickedAddress(address: NonNullable<Answers["businessAddress"]>): Answers {
  return { businessAddressManual: false, businessAddress: address, street: address.lines.join(", "), townCity: address.townCity, postcode: address.postcode };
}

/** The address step's plain form: a postcode to look up, an address picked from the last lookup, or one typed in. */
function plainAddress(stepId: string, posted: PostedForm, lookup: AddressLookup | undefined): PlainSubmission {
  const typed = (name: string) => posted.value(name)?.trim() ?? "";
  if (posted.value(MANUAL_MARKER.name) === MANUAL_MARKER.value) {
    const patch: Answers = { businessAddressManual: true, businessAddress: undefined };
    for (const field of manualAddressFields) patch[field] = typed(field) || undefined;
    return { type: "next", patch };
  }
  const postcode = typed("postcode");
  if (posted.value(FIND_ADDRESS.name) === MANUAL_ENTRY) return { type: "redraw", patch: { businessAddressManual: true, ...(postcode ? { postcode } : {}) } };
  const kept: Answers = { businessAddressManual: false, postcode };
  if (posted.value(FIND_ADDRESS.name) === FIND_ADDRESS.value || lookup?.addresses === undefined || lookup.postcode !== postcode) {
    const problem = postcodeProblem(postcode);
    return problem ? { type: "redraw", patch: kept, errors: [{ field: "postcode", step: stepId, message: problem }] } : { type: "redraw", patch: kept, lookup: postcode };
  }
  const address = lookup.addresses.find((a) => a.id === posted.value("businessAddress"));
  if (address) return { type: "next", patch: pickedAddress(address) };
  const none = lookup.addresses.length === 0;
  return { type: "redraw", patch: kept, errors: [{ field: none ? "postcode" : "businessAddress", step: stepId, message: none ? NO_ADDRESSES_MESSAGE : SELECT_ADDRESS_MESSAGE }] };
}

/** Fields that a manually entered address is made of. */
export const manualAddressFields = ["street", "townCity", "postcode"] as const satisfies FieldKey[];

/** The schema of an address step's answers: a picked address, or street, town/city and postcode typed in. */
export function addressSchema(manual: boolean, fieldSchema: FieldSchemaOf): ReturnType<FieldSchemaOf> {
  if (manual) {
    return objectOf({
      businessAddressManual: { type: "boolean", const: true },
      street: fieldSchema("street"),
      townCity: fieldSchema("townCity"),
      postcode: fieldSchema("postcode"),
    });
  }
  return objectOf(
    {
      businessAddressManual: { type: "boolean", const: false },
      businessAddress: fieldSchema("businessAddress"),
      street: fieldSchema("street"),
      townCity: fieldSchema("townCity"),
      postcode: fieldSchema("postcode"),
    },
    ["businessAddressManual", "businessAddress", "postcode"],
  );
}

export const fullBusinessAddress: StepKindModule<StepOfKind<"full-business-address">> = {
  fields: (_step, answers) =>
    answers.businessAddressManual ? ["businessAddressManual", ...manualAddressFields] : ["businessAddressManual", "businessAddress", ...manualAddressFields],
  schema: (_step, answers, fieldSchema) => addressSchema(Boolean(answers.businessAddressManual), fieldSchema),
  browserSchemas: (_step, fieldSchema) => ({ ":manual": addressSchema(true, fieldSchema), ":picked": addressSchema(false, fieldSchema) }),
  heading: (step) => step.question,
  shown: () => [{ field: "postcode" }, { field: "businessAddress", note: "looked up from the postcode, or entered by hand" }],
  sampleAnswers(_step, sample) {
    const [street, townCity, postcode] = manualAddressFields.map((field) => String(sample(field)));
    const typed = { street, townCity, postcode };
    return [{ businessAddressManual: false, businessAddress: { id: "sample-1", lines: [street!], townCity: townCity!, postcode: postcode! }, ...typed }, { businessAddressManual: true, ...typed }];
  },
  plainForm: (step, posted, { lookup }) => plainAddress(step.id, posted, lookup),
  // A postcode already given (another flow's, a landing page's) is looked up on arrival, as the component does.
  plainArrival: (_step, answers) => (!answers.businessAddressManual && answers.postcode && !postcodeProblem(answers.postcode) ? { lookup: answers.postcode } : undefined),
};

/** The step a new full-business-address step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const fullBusinessAddressStarting = (id: string): StepOfKind<"full-business-address"> => ({ id, kind: "full-business-address", question: "What is your business address?", next: id });
