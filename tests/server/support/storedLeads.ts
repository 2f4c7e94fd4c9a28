/** Leads as intake hands them to storage, for the storage tests: business energy from person `n`, each with a contact of their own. */
import type { NewLead } from "../../../server/storage/leadsStore";

/** A business energy lead from person `n`, received at `receivedAt`. */
export function energyLead(n: number, receivedAt: Date, overrides: Partial<NewLead> = {}): NewLead {
  return {
    flowId: "fixture-business-energy",
    flowVersion: 1,
    productType: "businessEnergy",
    serviceType: "business-energy",
    testMode: false,
    responseCode: "1",
    answers: { customerName: `Person ${n}`, firstName: "Person", lastName: String(n), phone: `020 7946 ${String(n).padStart(4, "0")}`, email: `p${n}@example.com` },
    receivedAt,
    ...overrides,
  };
}
