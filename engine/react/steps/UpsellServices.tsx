import type { UpsellServices as OfferedServices } from "../../core/types";

/**
 * Other services to switch, as buttons: choosing one starts that flow with the visitor's address and contact
 * details already filled, so nothing is typed twice.
 */
export function UpsellServices(props: { offered: OfferedServices; labelledBy: string; onUpsell(flowId: string): void }) {
  const { offered, labelledBy, onUpsell } = props;
  return (
    <ul className="upsell-list" aria-labelledby={labelledBy}>
      {offered.map((service) => (
        <li key={service.flow}>
          <button type="button" className="button button--secondary upsell-list__button" onClick={() => onUpsell(service.flow)}>
            {service.label}
          </button>
          {service.hint && <span className="option__hint">{service.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
