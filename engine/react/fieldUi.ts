/** How each library field is drawn in a form step: input type and autocomplete token. */
import type { UiSchema } from "@rjsf/utils";
import type { FieldKey } from "../core/types";

const fieldUi: Partial<Record<FieldKey, UiSchema>> = {
  businessName: { "ui:autocomplete": "organization" },
  customerName: { "ui:autocomplete": "name" },
  phone: { "ui:options": { inputType: "tel" }, "ui:autocomplete": "tel" },
  email: { "ui:widget": "email", "ui:autocomplete": "email" },
  postcode: { "ui:autocomplete": "postal-code" },
  street: { "ui:autocomplete": "address-line1" },
  townCity: { "ui:autocomplete": "address-level2" },
  meterDetails: { "ui:widget": "textarea" },
};

/** The RJSF uiSchema for a form step's fields; our own Next button replaces RJSF's submit button. */
export function uiSchemaFor(fields: readonly FieldKey[]): UiSchema {
  return {
    "ui:submitButtonOptions": { norender: true },
    ...Object.fromEntries(fields.map((key) => [key, fieldUi[key] ?? {}])),
  };
}
