import { useId } from "react";
import { Link } from "react-router";
import { flows } from "virtual:flow-manifest";
import type { FlowSummary } from "../quote/flowSummary";
import { quotePath } from "../../engine/core/quotePaths";
import { assertNever } from "../../engine/core/types";
import type { QuickStartSpec } from "../content/types";
import { PostcodeQuickStart } from "../quote/PostcodeQuickStart";
import { useQuickStartSubmit } from "./useQuickStartSubmit";

/** The box that starts a quote from a content page, in the variant the page asks for. */
export function QuickStart({ spec }: { spec: QuickStartSpec }) {
  switch (spec.kind) {
    case "postcode":
      return <PostcodeQuickStart flowPath={spec.flow} placeholder={spec.placeholder} />;
    case "serviceType":
      return <ServiceTypeQuickStart spec={spec} />;
    case "cardPayments":
      return <CardPaymentsQuickStart flow={spec.flow} />;
    case "start":
      return (
        <Link className="button button--primary quick-start__start" to={`/quote/${spec.flow}/`}>
          {spec.label}
        </Link>
      );
    default:
      return assertNever(spec, "quick-start kind");
  }
}

/**
 * Business or Home: straight to that service's quote page, with its service type as ?serviceType=. Without
 * JavaScript the form goes to the chooser with the service picked, the one page that takes both answers.
 */
function ServiceTypeQuickStart({ spec }: { spec: Extract<QuickStartSpec, { kind: "serviceType" }> }) {
  const id = useId();
  const choices = [
    { label: "Business", flow: quoteFlow(spec.business) },
    { label: spec.otherLabel, flow: quoteFlow(spec.other) },
  ];
  const onSubmit = useQuickStartSubmit((query) => quotePath(choices.find((c) => c.flow.serviceType === query.get("serviceType"))!.flow.path));
  return (
    <form className="quick-start quick-start--choice" action="/quote/" method="get" onSubmit={onSubmit}>
      <fieldset className="quick-start__fieldset">
        <legend className="quick-start__legend">{spec.question}</legend>
        <div className="quick-start__choices">
          {choices.map(({ label, flow }, index) => (
            <label key={flow.id} className="quick-start__choice" htmlFor={`${id}-${index}`}>
              <input type="radio" id={`${id}-${index}`} name="serviceType" value={flow.serviceType} required defaultChecked={index === 0} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--primary">
        Get a quote
      </button>
    </form>
  );
}

/** A quote flow's summary, by id; a quick start naming no flow is a mistake in the content. */
function quoteFlow(flowId: string): FlowSummary & { serviceType: string } {
  const flow = flows.find((f) => f.id === flowId);
  if (!flow?.serviceType) throw new Error(`Quick start: no quote flow "${flowId}" with a service type`);
  return { ...flow, serviceType: flow.serviceType };
}

function CardPaymentsQuickStart({ flow }: { flow: string }) {
  const id = useId();
  const onSubmit = useQuickStartSubmit();
  return (
    <form className="quick-start quick-start--choice" action={`/quote/${flow}/`} method="get" onSubmit={onSubmit} aria-labelledby={id}>
      <p id={id} className="quick-start__legend">
        Do you currently accept card payments?
      </p>
      <div className="quick-start__choices">
        <button type="submit" name="currentlyAcceptsCardPayments" value="yes" className="button button--primary">
          Yes
        </button>
        <button type="submit" name="currentlyAcceptsCardPayments" value="no" className="button button--primary">
          No
        </button>
      </div>
    </form>
  );
}
