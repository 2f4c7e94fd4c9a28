import { SWITCH_SERVICE } from "../../core/kinds/stepKind";
import type { UpsellServices as OfferedServices } from "../../core/types";

/**
 * Other services to switch, as buttons: choosing one starts that flow with the visitor's address and contact
 * details already filled, so nothing is typed twice. Without scripts each is a submit button of the step's form,
 * naming its flow, and the server starts it.
 */
export function UpsellServices(props: { offered: OfferedServices; labelledBy: string; onUpsell(flowId: string): void }) {
  const { offered, labelledBy, onUpsell } = props;
  return (
    <ul className="upsell-list" aria-labelledby={labelledBy}>
      {offered.map((service) => (
        <li key={service.flow}>
          <button
            type="submit"
            name={SWITCH_SERVICE}
            value={service.flow}
            className="button button--secondary upsell-list__button"
            onClick={(event) => {
              event.preventDefault();
              onUpsell(service.flow);
            }}
          >
            {service.label}
          </button>
          {service.hint && <span className="option__hint">{service.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
