/**
 * A step's form: a real `<form method="post">` back to the quote page, so every step works before the page's script
 * runs, or without it (the server takes the form: server/plainQuote/). With the script, the step's own handler takes
 * the submission and nothing is posted.
 */
import { createContext, use, type FormEventHandler, type ReactNode } from "react";
import type { AddressLookup } from "../core/kinds/stepKind";
import { REVISION_FIELD, STEP_FIELD, VERSION_FIELD } from "../core/servedStep";
import { STEP_FORM_ID } from "./fieldIds";

/** What the page a step is drawn on says about its plain forms. */
export interface PlainPage {
  /** The revision of the kept state the page was drawn from; 0 for a page drawn before any was kept. */
  revision: number;
  /** The page's query beside `step` (a preview's `v`, a test visit's `tm`), kept by its links. */
  query: string;
  /** The version of the flow the page is drawn for. */
  version?: number;
  /** The address step's last lookup, made by the server. */
  lookup?: AddressLookup;
}

export const PlainPageContext = createContext<PlainPage>({ revision: 0, query: "" });

/** The hidden fields that tell the server which step a plain form answers, from which state, in which version. */
export function PlainFields({ stepId }: { stepId: string }) {
  const { revision, version } = use(PlainPageContext);
  return (
    <>
      <input type="hidden" name={STEP_FIELD} value={stepId} />
      <input type="hidden" name={REVISION_FIELD} value={revision} />
      {version !== undefined && <input type="hidden" name={VERSION_FIELD} value={version} />}
    </>
  );
}

/** The form of a step. */
export function StepForm({ stepId, onSubmit, children }: { stepId: string; onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <form id={STEP_FORM_ID} className="step-form" method="post" onSubmit={onSubmit} noValidate>
      <PlainFields stepId={stepId} />
      {children}
    </form>
  );
}
