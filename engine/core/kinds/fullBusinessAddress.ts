/**
 * The full business address step: a postcode looked up into a list of addresses to pick from, or the address typed
 * in by hand (`businessAddressManual`), so its fields and schema depend on the answers.
 */
import type { FieldKey, StepOfKind } from "../types";
import { objectOf, type FieldSchemaOf, type StepKindModule } from "./stepKind";

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
};
