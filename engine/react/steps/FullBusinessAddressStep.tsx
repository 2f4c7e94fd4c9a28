/**
 * The business address: type a postcode, pick an address from the lookup, or enter street, town/city and
 * postcode by hand ("Or enter address manually", "My address isn't listed").
 */
import { use, useEffect, useRef, useState, type FormEvent } from "react";
import { FIND_ADDRESS, MANUAL_ENTRY, MANUAL_MARKER, pickedAddress, postcodeProblem } from "../../core/kinds/fullBusinessAddress";
import type { AddressLookup } from "../../core/kinds/stepKind";
import { NO_ADDRESSES_MESSAGE, SELECT_ADDRESS_MESSAGE, SOMETHING_WENT_WRONG, toFieldErrors } from "../../core/messages";
import type { Answers, FieldError } from "../../core/types";
import { fieldErrorId, fieldId } from "../fieldIds";
import { FieldErrorMessage, NextButton, hasError } from "../StepParts";
import { PlainPageContext, StepForm } from "../StepForm";
import type { Address, StepProps } from "../types";

type Lookup =
  | { status: "idle" }
  | { status: "loading"; postcode: string }
  | { status: "found"; postcode: string; addresses: Address[] }
  | { status: "failed"; postcode: string };

export { NO_ADDRESSES_MESSAGE };
export const LOOKUP_FAILED_MESSAGE = SOMETHING_WENT_WRONG;

/** One line for an address in the list. */
export function addressLabel(address: Address): string {
  return [...address.lines, address.townCity, address.postcode].join(", ");
}

/** The server's last lookup for a step it drew, as the step's lookup state. */
function lookupServed(served: AddressLookup | undefined): Lookup {
  if (!served) return { status: "idle" };
  return served.addresses ? { status: "found", postcode: served.postcode, addresses: served.addresses } : { status: "failed", postcode: served.postcode };
}

export function FullBusinessAddressStep(props: StepProps<"full-business-address">) {
  const { step, flow, answers, errors, nextLabel, busy, services, onChange, onNext, onErrors } = props;
  const page = use(PlainPageContext);
  const [manual, setManual] = useState(Boolean(answers.businessAddressManual));
  const [postcode, setPostcode] = useState(answers.postcode ?? "");
  const [lookup, setLookup] = useState<Lookup>(() => lookupServed(page.lookup));
  const [selectedId, setSelectedId] = useState(answers.businessAddress?.id ?? "");
  const lookupCount = useRef(0);
  const manualStart = useRef<HTMLInputElement>(null);

  const find = async (value: string) => {
    const problem = postcodeProblem(value);
    if (problem) {
      onErrors([{ field: "postcode", step: step.id, message: problem }]);
      return;
    }
    const request = ++lookupCount.current;
    setLookup({ status: "loading", postcode: value });
    try {
      const addresses = await services.lookupAddresses(value);
      if (request !== lookupCount.current) return;
      setLookup({ status: "found", postcode: value, addresses });
      onErrors([]);
      const kept = addresses.find((a) => a.id === selectedId);
      setSelectedId(kept ? kept.id : "");
    } catch {
      if (request === lookupCount.current) setLookup({ status: "failed", postcode: value });
    }
  };

  // A postcode arriving with the visitor (?postcode=, or an earlier answer) is looked up at once.
  useEffect(() => {
    if (!manual && answers.postcode && !postcodeProblem(answers.postcode) && lookup.status === "idle") void find(answers.postcode);
    // Only on arrival at the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const openManual = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setManual(true);
    onChange({ businessAddressManual: true });
    onErrors([]);
    requestAnimationFrame(() => manualStart.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (manual) return submitManual();
    if (lookup.status !== "found" || lookup.postcode !== postcode) return find(postcode.trim());
    const address = lookup.addresses.find((a) => a.id === selectedId);
    if (!address) {
      const message = lookup.addresses.length ? SELECT_ADDRESS_MESSAGE : NO_ADDRESSES_MESSAGE;
      return onErrors([{ field: lookup.addresses.length ? "businessAddress" : "postcode", step: step.id, message }]);
    }
    onNext(pickedAddress(address));
  };

  const submitManual = async () => {
    const patch: Answers = {
      businessAddressManual: true,
      businessAddress: undefined,
      street: answers.street?.trim() ?? "",
      townCity: answers.townCity?.trim() ?? "",
      postcode: answers.postcode?.trim() ?? "",
    };
    const { stepValidator } = await services.loadValidator(flow, `${step.id}:manual`);
    const data = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== "" && v !== undefined));
    if (stepValidator(data)) onNext(patch);
    else onErrors(toFieldErrors(stepValidator.errors ?? [], step.id, manualFields.map((f) => f.field)));
  };

  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      {manual ? (
        <ManualAddress {...props} firstInput={manualStart} />
      ) : (
        <>
          <div className="field">
            <label htmlFor={fieldId("postcode")}>Postcode</label>
            <div className="postcode-search">
              <input
                id={fieldId("postcode")}
                name="postcode"
                className="form-control postcode-search__input"
                autoComplete="postal-code"
                value={postcode}
                aria-invalid={hasError("postcode", errors) || undefined}
                aria-describedby={hasError("postcode", errors) ? fieldErrorId("postcode") : undefined}
                onChange={(event) => {
                  setPostcode(event.currentTarget.value);
                  onChange({ postcode: event.currentTarget.value });
                }}
              />
              {/* The form's first button, so Enter in the postcode looks it up, with scripts or without. */}
              <button
                type="submit"
                name={FIND_ADDRESS.name}
                value={FIND_ADDRESS.value}
                className="button button--secondary"
                onClick={(event) => {
                  event.preventDefault();
                  void find(postcode.trim());
                }}
              >
                Find address
              </button>
            </div>
            <FieldErrorMessage field="postcode" errors={errors} />
          </div>
          <LookupResult
            lookup={lookup}
            selectedId={selectedId}
            errors={errors}
            onSelect={(id) => {
              setSelectedId(id);
              onErrors([]);
            }}
          />
          <p>
            {/* A button of the step's form, so it works without scripts: the server draws the step's manual form. */}
            <button type="submit" name={FIND_ADDRESS.name} value={MANUAL_ENTRY} className="link-button" onClick={openManual}>
              {lookup.status === "found" && lookup.addresses.length > 0 ? "My address isn't listed" : "Or enter address manually"}
            </button>
          </p>
        </>
      )}
      <NextButton label={nextLabel} busy={busy || lookup.status === "loading"} />
    </StepForm>
  );
}

function LookupResult({ lookup, selectedId, errors, onSelect }: {
  lookup: Lookup;
  selectedId: string;
  errors: FieldError[];
  onSelect(id: string): void;
}) {
  if (lookup.status === "idle") return null;
  if (lookup.status === "loading") return <p role="status">Finding addresses…</p>;
  if (lookup.status === "failed") return <p role="alert" className="notice notice--error">{LOOKUP_FAILED_MESSAGE}</p>;
  if (lookup.addresses.length === 0) return <p role="alert" className="notice notice--error">{NO_ADDRESSES_MESSAGE}</p>;
  return (
    <div className="field">
      <label htmlFor={fieldId("businessAddress")}>Select your address</label>
      <select
        id={fieldId("businessAddress")}
        name="businessAddress"
        className="form-control"
        value={selectedId}
        aria-invalid={hasError("businessAddress", errors) || undefined}
        aria-describedby={hasError("businessAddress", errors) ? fieldErrorId("businessAddress") : undefined}
        onChange={(event) => onSelect(event.currentTarget.value)}
      >
        <option value="">{lookup.addresses.length} addresses found</option>
        {lookup.addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {addressLabel(address)}
          </option>
        ))}
      </select>
      <FieldErrorMessage field="businessAddress" errors={errors} />
    </div>
  );
}

const manualFields = [
  { field: "street", label: "Street", autoComplete: "address-line1" },
  { field: "townCity", label: "Town/City", autoComplete: "address-level2" },
  { field: "postcode", label: "Postcode", autoComplete: "postal-code" },
] as const;

function ManualAddress({ answers, errors, onChange, firstInput }: StepProps<"full-business-address"> & {
  firstInput: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="manual-address">
      <input type="hidden" name={MANUAL_MARKER.name} value={MANUAL_MARKER.value} />
      {manualFields.map(({ field, label, autoComplete }, index) => (
        <div className="field" key={field}>
          <label htmlFor={fieldId(field)}>{label}</label>
          <input
            id={fieldId(field)}
            name={field}
            ref={index === 0 ? firstInput : undefined}
            className="form-control"
            autoComplete={autoComplete}
            value={answers[field] ?? ""}
            aria-invalid={hasError(field, errors) || undefined}
            aria-describedby={hasError(field, errors) ? fieldErrorId(field) : undefined}
            onChange={(event) => onChange({ [field]: event.currentTarget.value })}
          />
          <FieldErrorMessage field={field} errors={errors} />
        </div>
      ))}
    </div>
  );
}
