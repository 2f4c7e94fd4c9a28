import { useEffect, useState } from "react";
import { PHONE_STATUS, telHref } from "../../engine/react/phoneStatus";
import { partnersOf, type PartnersReply } from "./partners";
import { whenIdle } from "../whenIdle";

/**
 * The quote page's phone line: the service's first partner and its number, and whether the lines are "Open now"
 * or "Currently closed" (the spec's words; the opening hours themselves are not shown). Nothing until the
 * server has said, nothing for a service without a partner.
 */
export function PhoneStatus({ service, known }: { service: string | undefined; known?: PartnersReply }) {
  // `known`: what the server said as it drew the page itself (a step of a quote without scripts).
  const [reply, setReply] = useState<PartnersReply | undefined>(known);
  useEffect(() => {
    if (!service || known) return;
    let live = true;
    // Asked once the page is quiet: the form is what a visitor touches first, the line below it can wait a moment.
    const cancel = whenIdle(() =>
      partnersOf(service).then(
        (answer) => live && setReply(answer),
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [service, known]);
  const partner = reply?.partners[0];
  if (!reply || !partner) return null;
  return (
    <p className="phone-line">
      Prefer to talk? Call {partner.name} on <a href={telHref(partner.phone)}>{partner.phone}</a>{" "}
      <span className={`phone-status phone-status--${reply.open ? "open" : "closed"}`}>{reply.open ? PHONE_STATUS.open : PHONE_STATUS.closed}</span>
    </p>
  );
}
