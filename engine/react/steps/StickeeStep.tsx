import { use, type FormEvent } from "react";
import { currentDeals, ukToday } from "../../core/deals";
import { NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import type { Deal, FlowServices, StepProps } from "../types";

const price = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

type Loaded = { status: "loaded"; deals: Deal[] } | { status: "failed" };

const loads = new WeakMap<FlowServices, Map<string, Promise<Loaded>>>();

/**
 * A deals file's current offers, loaded once per page's services (React's `use` needs the same promise on every
 * render), so the server draws the table itself and the page's script takes the same table over.
 */
function dealsOf(services: FlowServices, name: string): Promise<Loaded> {
  let byName = loads.get(services);
  if (!byName) loads.set(services, (byName = new Map()));
  let loaded = byName.get(name);
  if (!loaded) {
    loaded = services.loadDeals(name).then(
      (deals): Loaded => ({ status: "loaded", deals: currentDeals(deals, ukToday()) }),
      (): Loaded => ({ status: "failed" }),
    );
    byName.set(name, loaded);
  }
  return loaded;
}

/** A partner deals table: current offers only, each a sponsored link out; Next asks for a call back instead. */
export function StickeeStep({ step, headingId, nextLabel, busy, services, onNext }: StepProps<"stickee">) {
  const loaded = use(dealsOf(services, step.deals));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };

  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      {loaded.status === "failed" && <p className="notice">We could not load the latest deals. You can still ask for a call back.</p>}
      {loaded.status === "loaded" && loaded.deals.length === 0 && <p className="notice">There are no deals on offer just now. Ask for a call back and we will find you one.</p>}
      {loaded.status === "loaded" && loaded.deals.length > 0 && (
        <div className="deals-table-wrap">
          <table className="deals-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Deal</th>
                <th scope="col">Speed</th>
                <th scope="col">Per month</th>
                <th scope="col">Offer ends</th>
                <th scope="col"><span className="visually-hidden">Link</span></th>
              </tr>
            </thead>
            <tbody>
              {loaded.deals.map((deal) => (
                <tr key={deal.id}>
                  <th scope="row">
                    {deal.provider} <span className="deals-table__name">{deal.name}</span>
                    <span className="deals-table__term">{deal.contractMonths}-month contract</span>
                  </th>
                  <td>{deal.downloadMbps} Mbps</td>
                  <td>{price.format(deal.monthlyPrice)}</td>
                  <td>
                    {/* The column heading is hidden on phones, where each deal is a card: the date says what it is. */}
                    <span className="deals-table__label">Offer ends </span>
                    {longDate.format(new Date(`${deal.expires}T00:00:00Z`))}
                  </td>
                  <td>
                    <a className="button button--secondary" href={deal.url} target="_blank" rel="sponsored noopener">
                      See deal<span className="visually-hidden">: {deal.provider} {deal.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>Not sure which suits you? Carry on and a broadband specialist will call you back.</p>
      {step.next !== undefined && <NextButton label={step.submit ? nextLabel : "Request a call back"} busy={busy} />}
    </StepForm>
  );
}
