import { carriedAnswers } from "../../core/carryOver";
import type { Answers, UpsellServices as OfferedServices } from "../../core/types";
import type { FlowServices } from "../types";

/**
 * Other services to switch, as buttons: choosing one starts that flow with the visitor's address and contact
 * details already filled, so nothing is typed twice.
 */
export function UpsellServices(props: { offered: OfferedServices; answers: Answers; services: FlowServices; labelledBy: string }) {
  const { offered, answers, services, labelledBy } = props;
  return (
    <ul className="upsell-list" aria-labelledby={labelledBy}>
      {offered.map((service) => (
        <li key={service.flow}>
          <button
            type="button"
            className="button button--secondary upsell-list__button"
            onClick={() => services.startFlow(service.flow, { ...carriedAnswers(answers), upsell: undefined })}
          >
            {service.label}
          </button>
          {service.hint && <span className="option__hint">{service.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
