/**
 * The page `/consent/<jti>/` draws for whoever holds a certificate: its status, its claims in words, and the form as
 * the visitor was shown it, drawn from the stored published version step by step along the steps walked, with the
 * consent wording and partners exactly as recorded, and no answer (the store's answers are never read here).
 */
import { documentSha256, type ConsentClaims } from "./certificate";
import { certificateLines } from "./certificateWords";
import type { ConsentStatusClaims } from "./consentStatus";
import type { FlowDocument, Step } from "../../engine/core/types";
import { kindOf } from "../../engine/core/kinds/registry";
import type { ShownItem } from "../../engine/core/kinds/stepKind";
import { fieldLabels } from "../../schemas/generated/fieldLabels";
import { escapeHtml, plainPage } from "../plainPage";

/** The page's title. */
export const CONSENT_PAGE_TITLE = "Consent certificate";

/** What the page is drawn from: the status, the certificate's claims when kept, and the version they name. */
export interface ConsentPageFacts {
  status: ConsentStatusClaims;
  /** Undefined once an erasure took the lead and its certificate away. */
  claims?: ConsentClaims;
  /** The published version the claims name, when the store still serves it. */
  flow?: FlowDocument;
}

const when = (iso: string) => new Date(iso).toUTCString().replace("GMT", "UTC");

/** The whole page. */
export function consentPage({ status, claims, flow }: ConsentPageFacts): string {
  const statusLine =
    status.status === "withdrawn" ? `This consent was <strong>withdrawn</strong> on ${escapeHtml(when(status.withdrawnAt!))}.` : "This consent is <strong>active</strong>: it has not been withdrawn.";
  const parts = [`<h1>${CONSENT_PAGE_TITLE}</h1>`, `<p role="status">${statusLine}</p>`];
  if (!claims) {
    parts.push(
      `<p>The lead this certificate was issued for was erased at the visitor's request, so the certificate is no longer kept here. A copy you hold still verifies against <a href="/.well-known/jwks.json">the published keys</a>.</p>`,
    );
    return plainPage(CONSENT_PAGE_TITLE, parts.join(""));
  }
  parts.push(`<h2>What the certificate says</h2>`, `<dl>${certificateLines(claims).map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`);
  parts.push(`<h2>The form as the visitor was shown it</h2>`, formSection(claims, flow));
  return plainPage(CONSENT_PAGE_TITLE, parts.join(""));
}

/** The steps walked, in order, as drawn from the stored version; or why the version cannot be shown. */
function formSection(claims: ConsentClaims, flow: FlowDocument | undefined): string {
  const { form, consent } = claims;
  if (!flow) return `<p>Version ${form.version} of the form ${escapeHtml(form.id)} is not in the published store any more, so it cannot be drawn here.</p>`;
  const matches = documentSha256(flow) === form.documentSha256;
  const check = matches
    ? `<p>Drawn from version ${flow.version} of the form ${escapeHtml(flow.id)} as published; its document's SHA-256 is the one the certificate names.</p>`
    : `<p><strong>The stored version's document does not have the SHA-256 the certificate names</strong>, so what follows may not be what the visitor saw.</p>`;
  const steps = form.steps.map(({ id, answeredAt }, index) => {
    const step = flow.steps.find((s) => s.id === id);
    const heading = `<h3>Step ${index + 1} of ${form.steps.length}${answeredAt ? ` <small>(answered ${escapeHtml(when(answeredAt))})</small>` : ""}</h3>`;
    if (!step) return `<section>${heading}<p>The step ${escapeHtml(id)} is not in this version.</p></section>`;
    const submit = index === form.steps.length - 1 ? submitBlock(consent) : "";
    return `<section aria-label="Step ${index + 1}">${heading}${stepBody(step)}${submit}</section>`;
  });
  return `${check}<p>No answer is shown: only the questions, the choices offered and the words beside the button.</p><h3>${escapeHtml(flow.title)}</h3>${steps.join("")}`;
}

/** A step's question, hint and the choices or boxes it offered, every control empty and disabled. */
function stepBody(step: Step): string {
  const question = "question" in step && step.question ? `<p><strong>${escapeHtml(step.question)}</strong></p>` : "";
  const hint = "hint" in step && step.hint ? `<p>${escapeHtml(step.hint)}</p>` : "";
  return `${question}${hint}${controls(step)}`;
}

function controls(step: Step): string {
  const items = kindOf(step).shown?.(step) ?? [];
  return items.length === 0 ? "" : `<ul>${items.map(shownItem).join("")}</ul>`;
}

/** One thing the step showed, drawn disabled and empty. */
function shownItem(item: ShownItem): string {
  if ("text" in item) {
    const hint = item.hint ? ` <small>${escapeHtml(item.hint)}</small>` : "";
    return item.control ? `<li><label><input type="${item.control}" disabled> ${escapeHtml(item.text)}</label>${hint}</li>` : `<li>${escapeHtml(item.text)}${hint}</li>`;
  }
  const label = escapeHtml(fieldLabels[item.field] ?? item.field);
  if (item.note) return `<li>${label}: ${escapeHtml(item.note)}</li>`;
  return `<li><label>${label}${item.optional ? " (optional)" : ""} <input disabled></label></li>`;
}

/** The words beside the button and the partners named, exactly as recorded, and the button. */
function submitBlock(consent: ConsentClaims["consent"]): string {
  const wording = consent.wording === null ? `<p>(No wording was recorded beside the button.)</p>` : `<blockquote><p>${escapeHtml(consent.wording)}</p></blockquote>`;
  const partners = consent.partners.length > 0 ? `<p>Partners named: ${consent.partners.map(escapeHtml).join(", ")}</p>` : `<p>No partner was named.</p>`;
  return `<div>${wording}${partners}<p><button type="button" disabled>${escapeHtml(consent.buttonLabel)}</button></p></div>`;
}

/** The page of an id no kept certificate has. */
export function unknownCertificatePage(message: string): string {
  return plainPage(CONSENT_PAGE_TITLE, `<h1>${CONSENT_PAGE_TITLE}</h1><p role="alert">${escapeHtml(message)}</p>`);
}
