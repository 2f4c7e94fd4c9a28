/** An upsell step: other services to switch, each starting its flow with the address and contact details carried. */
import { SUCCESS_MESSAGE } from "../messages";
import type { StepOfKind } from "../types";
import { checkServices } from "./services";
import { chosenService, objectOf, type StepKindModule } from "./stepKind";

export const upsell: StepKindModule<StepOfKind<"upsell">> = {
  fields: () => ["upsell"],
  schema: (_step, _answers, fieldSchema) => objectOf({ upsell: fieldSchema("upsell") }, []),
  references: (step, references) => checkServices(step.services, "upsell", references),
  // Once the lead is in, the confirmation comes first; the offer follows under its own question.
  heading: (step, leadIn) => (leadIn ? SUCCESS_MESSAGE : step.question),
  shown: (step) => step.services.map((s) => ({ text: s.label })),
  sampleAnswers: () => [{}],
  // A service's button starts its flow; "No thanks" goes on.
  plainForm(step, posted) {
    const flowId = chosenService(posted, step.services);
    return flowId ? { type: "switchService", flowId } : { type: "next", patch: {} };
  },
};

/** The step a new upsell step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const upsellStarting = (id: string): StepOfKind<"upsell"> => ({ id, kind: "upsell", question: "New question", services: [{ flow: "business-energy", label: "Business energy" }], next: id });
