/**
 * The quote engine's events as the spec's data-layer events, with the spec's payload keys (SPEC §3, lead tracking
 * fields). Only the lead's e-mail leaves, and only hashed (form_email is its SHA-256).
 */
import type { FlowDocument } from "../../engine/core/types";
import type { QuoteFlowEvent } from "../../engine/react/types";
import { pushDataLayer } from "../tracking/dataLayer";

/** A listener for QuoteFlow's onEvent that pushes to the data layer. */
export function dataLayerListener(flow: FlowDocument): (event: QuoteFlowEvent) => void {
  const campaign = { form_campaign_id: flow.productType, form_version: flow.version };
  return (event) => {
    switch (event.type) {
      case "start":
        return pushDataLayer("form_start", campaign);
      case "step":
        pushDataLayer("form_step", { ...campaign, form_step_id: event.stepId, form_is_manual_address: event.manualAddress });
        return pushDataLayer("form_step_history", { ...campaign, form_step_history_values: [...event.history, event.stepId].join(">") });
      case "serviceTypeChosen":
        return pushDataLayer("form_service_type_chosen", { ...campaign, form_service_type: event.serviceType });
      case "submit":
        return pushDataLayer("form_submit", {
          ...campaign,
          form_submit_response_code: event.code,
          form_submit_response_error: event.error ?? "",
          form_is_manual_address: event.manualAddress,
        });
      case "leadSuccess":
        void hashEmail(event.answers.email).then((emailHash) =>
          pushDataLayer("lead_success", {
            ...campaign,
            lead_id: event.result.leadId ?? "",
            form_sub_campaign_id: flow.serviceType ?? "",
            form_is_time_ooh: event.result.outOfHours === true,
            form_is_manual_address: event.manualAddress,
            form_conversion_value_supporting_data: { buyer_count: event.result.buyers?.length ?? 0, currency: "GBP" },
            form_email: emailHash,
          }),
        );
        return;
    }
  };
}

/** SHA-256 of the trimmed, lower-cased e-mail (the form ad platforms accept for conversions), or "". */
export async function hashEmail(email: string | undefined): Promise<string> {
  if (!email || !globalThis.crypto?.subtle) return "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
