import { useEffect, useState, type FormEvent } from "react";
import { currentDeals, ukToday } from "../../core/deals";
import { NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import type { Deal, StepProps } from "../types";

const price = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

type Loaded = { status: "loading" } | { status: "loaded"; deals: Deal[] } | { status: "failed" };

/** A partner deals table: current offers only, each a sponsored link out; Next asks for a call back instead. */
export function StickeeStep({ step, headingId, nextLabel, busy, services, onNext }: StepProps<"stickee">) {
  // A page the server drew has the deals at once; otherwise they load.
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const known = services.knownDeals?.(step.deals);
    return known ? { status: "loaded", deals: currentDeals(known, ukToday()) } : { status: "loading" };
  });
  useEffect(() => {
    if (loaded.status === "loaded") return;
    let live = true;
    services.loadDeals(step.deals).then(
      (deals) => live && setLoaded({ status: "loaded", deals: currentDeals(deals, ukToday()) }),
      () => live && setLoaded({ status: "failed" }),
    );
    return () => {
      live = false;
    };
    // Once, on arrival at the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services, step.deals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };

  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      {loaded.status === "loading" && <p role="status">Loading deals…</p>}
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
