/** What a quote page takes from its query: answers to prefill and the test-mode flag. No personal data. */
import { kindOf } from "../../engine/core/kinds/registry";
import { isUkPostcode } from "../../engine/core/formats/ukPostcode";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { STEP_FORM_ID } from "../../engine/react/fieldIds";
import { testVisitFromQuery } from "../tracking/dataLayer";

/** Radio questions a landing page may answer through the query, by field name. */
const QUERY_ANSWERABLE = ["serviceType", "currentlyAcceptsCardPayments"] as const;

/**
 * Answers from the query: `postcode` fills (and so looks up) the address step; `serviceType` and
 * `currentlyAcceptsCardPayments` answer the flow's question on that field when the value is one of its options.
 */
export function prefillFromQuery(flow: FlowDocument, params: URLSearchParams): Answers {
  const answers: Record<string, string> = {};
  const postcode = params.get("postcode")?.trim();
  if (postcode && isUkPostcode(postcode)) answers.postcode = postcode.toUpperCase();
  for (const field of QUERY_ANSWERABLE) {
    const value = params.get(field);
    // A step whose kind takes the value as its answer (a radio step on that field, with that option).
    if (value && flow.steps.some((s) => kindOf(s).answeredBy?.(s, { [field]: value }))) answers[field] = value;
  }
  return answers as Answers;
}

/**
 * The option a visitor tapped on the pre-rendered first question before the page's script ran (a tap alone, with
 * no Next, moves nothing without the script), as a query would carry it; empty when none is checked.
 */
export function choiceTappedBeforeScripts(): URLSearchParams {
  const checked = document.querySelector<HTMLInputElement>(`#${STEP_FORM_ID} input[type="radio"]:checked`);
  return new URLSearchParams(checked ? [[checked.name, checked.value]] : []);
}

/** The tapped option as an answer, when it answers the flow's first question (a tap on a later step moves nothing). */
export function tappedAnswer(flow: FlowDocument, tapped: URLSearchParams): Answers {
  const first = flow.steps.find((s) => s.id === flow.start);
  const [entry] = [...tapped];
  if (!first || !entry || !kindOf(first).answeredBy?.(first, { [entry[0]]: entry[1] })) return {};
  return { [entry[0]]: entry[1] } as Answers;
}

/** `tm` marks a test visit: any value but "0" or "false" (read as the rest of the site reads it). */
export function isTestMode(params: URLSearchParams): boolean {
  return testVisitFromQuery(params) === true;
}
