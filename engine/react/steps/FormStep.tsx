/**
 * Text fields from the field library, drawn and checked by RJSF with the step's precompiled validator.
 * Loaded in its own chunk: the first screens of a flow need no form library.
 */
import { use, useEffect, useMemo, useState, type ComponentProps } from "react";
import { consentWording } from "../../core/consentWording";
import { LinkedWording } from "./LinkedWording";
import Form, { getDefaultRegistry } from "@rjsf/core";
import { createPrecompiledValidator } from "@rjsf/validator-ajv8";
import { errorId, type ErrorSchema, type FieldErrorProps, type RJSFSchema, type RJSFValidationError, type ValidatorType, type WidgetProps } from "@rjsf/utils";
import { pickAnswers, trimAnswers } from "../../core/answers";
import { fieldMessage } from "../../core/messages";
import { formSchema } from "../../core/stepSchema";
import type { Answers, FieldError, FlowDocument, SchemaError, StepOfKind } from "../../core/types";
import { STEP_FORM_ID } from "../fieldIds";
import { uiSchemaFor } from "../fieldUi";
import { NextButton } from "../StepParts";
import { PlainFields } from "../StepForm";
import type { FlowServices, StepProps } from "../types";

/** By the step itself: a changed step (a reloaded flow file, the studio's draft) is a new object with its own schema. */
const validators = new WeakMap<StepOfKind<"form">, Promise<ValidatorType>>();

/** The step's validator, loaded once per step and shared between renders (React's `use` needs a stable promise). */
function validatorFor(services: FlowServices, flow: FlowDocument, step: StepOfKind<"form">): Promise<ValidatorType> {
  let promise = validators.get(step);
  if (!promise) {
    promise = services
      .loadValidator(flow, step.id)
      .then((module) => createPrecompiledValidator({ stepValidator: module.stepValidator }, rootSchema(step)));
    validators.set(step, promise);
  }
  return promise;
}

/** Starts loading the validators of every form step of a flow, so each step opens without a wait. */
export function preloadValidators(services: FlowServices, flow: FlowDocument): void {
  for (const step of flow.steps) if (step.kind === "form") void validatorFor(services, flow, step);
}

/** The step's schema as precompiled: RJSF checks that the form's schema is the validator's own. */
function rootSchema(step: StepOfKind<"form">): RJSFSchema {
  return { ...formSchema(step), $id: "stepValidator" } as RJSFSchema;
}

const { BaseInputTemplate } = getDefaultRegistry().templates;

/**
 * The core input, marked invalid for assistive technology when it has an error, and named by its field's key, which
 * is what the server reads a plain form's field by.
 */
function InputWithState(props: WidgetProps) {
  return <BaseInputTemplate {...props} htmlName={props.name} aria-invalid={props.rawErrors?.length ? true : undefined} />;
}

/** One message under a field: the first, most basic one. */
function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const first = errors?.find((e) => typeof e === "string" && e !== "");
  if (!first) return null;
  return (
    <p className="field-error" id={errorId(fieldPathId)}>
      <span className="visually-hidden">Error: </span>
      {first}
    </p>
  );
}

const templates = { BaseInputTemplate: InputWithState, FieldErrorTemplate } satisfies ComponentProps<typeof Form>["templates"];

export default function FormStep({ step, flow, answers, errors, nextLabel, busy, services, onChange, onNext, onErrors }: StepProps<"form">) {
  const validator = use(validatorFor(services, flow, step));
  // The problems the server found with a plain form's answers, shown beside the fields until the form is sent again.
  const [servedErrors, setServedErrors] = useState(() => errorSchemaOf(errors));
  const schema = useMemo(() => rootSchema(step), [step]);
  const uiSchema = useMemo(() => uiSchemaFor(step.fields), [step]);
  const formData = useMemo(() => pickAnswers(answers, step.fields), [answers, step.fields]);

  return (
    <>
      <Form
        id={STEP_FORM_ID}
        className="step-form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        method="post"
        {...(servedErrors ? { extraErrors: servedErrors } : {})}
        idPrefix="field"
        idSeparator="-"
        noHtml5Validate
        showErrorList={false}
        templates={templates}
        transformErrors={(errors) => errors.map((e) => ({ ...e, message: fieldMessage(fieldOf(e), toSchemaError(e)) }))}
        onChange={(event) => onChange(event.formData as Answers)}
        onError={(found) => {
          setServedErrors(undefined);
          onErrors(summaryErrors(found, step));
        }}
        onSubmit={(event) => {
          setServedErrors(undefined);
          onNext(trimAnswers(event.formData as Answers));
        }}
      >
        <PlainFields stepId={step.id} />
        {step.consentText && <ConsentText text={step.consentText} flow={flow} services={services} />}
        <NextButton label={nextLabel} busy={busy} />
      </Form>
    </>
  );
}

/** Errors as RJSF shows them beside its fields. */
function errorSchemaOf(errors: FieldError[]): ErrorSchema | undefined {
  if (errors.length === 0) return undefined;
  return Object.fromEntries(errors.map((e) => [e.field, { __errors: [e.message] }])) as ErrorSchema;
}

/**
 * The consent wording with the partners named, once the site has said who they are: at once on a page the server
 * drew (it knew them), so the wording shown is the wording the lead records.
 */
function ConsentText({ text, flow, services }: { text: string; flow: FlowDocument; services: FlowServices }) {
  const [partners, setPartners] = useState<string[]>(() => services.knownPartners?.(flow) ?? []);
  useEffect(() => {
    let live = true;
    services.loadPartners(flow).then((names) => live && setPartners(names), () => undefined);
    return () => {
      live = false;
    };
  }, [services, flow]);
  return (
    <p className="consent-text">
      <LinkedWording text={consentWording(text, partners)} />
    </p>
  );
}

/** RJSF names a field by its property path (".phone"); required errors name the missing property. */
function fieldOf(error: RJSFValidationError): string {
  if (error.name === "required" && typeof error.params?.missingProperty === "string") return error.params.missingProperty;
  return (error.property ?? "").replace(/^\./, "").split(".")[0] ?? "";
}

function toSchemaError(error: RJSFValidationError): SchemaError {
  return { keyword: error.name ?? "", instancePath: "", params: (error.params ?? {}) as Record<string, unknown> };
}

/** One error per field, in the order the step asks for its fields. */
function summaryErrors(errors: RJSFValidationError[], step: StepOfKind<"form">): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const field = fieldOf(error);
    if (!byField.has(field)) byField.set(field, { field, step: step.id, message: error.message ?? "" });
  }
  const order = (field: string) => (step.fields as string[]).indexOf(field);
  return [...byField.values()].sort((a, b) => order(a.field) - order(b.field));
}
