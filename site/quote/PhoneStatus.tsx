import { useEffect, useState } from "react";
import { PHONE_STATUS, telHref } from "../../engine/react/phoneStatus";
import { partnersOf, type PartnersReply } from "./partners";

/**
 * The quote page's phone line: the service's first partner and its number, and whether the lines are "Open now"
 * or "Currently closed" (the spec's words; the opening hours themselves are not shown). Nothing until the
 * server has said, nothing for a service without a partner.
 */
export function PhoneStatus({ service }: { service: string | undefined }) {
  const [reply, setReply] = useState<PartnersReply>();
  useEffect(() => {
    if (!service) return;
    let live = true;
    partnersOf(service).then(
      (answer) => live && setReply(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [service]);
  const partner = reply?.partners[0];
  if (!reply || !partner) return null;
  return (
    <p className="phone-line">
      Prefer to talk? Call {partner.name} on <a href={telHref(partner.phone)}>{partner.phone}</a>{" "}
      <span className={`phone-status phone-status--${reply.open ? "open" : "closed"}`}>{reply.open ? PHONE_STATUS.open : PHONE_STATUS.closed}</span>
    </p>
  );
}
