/** A 15-step business-water version for the studio's picture tests: v1's six steps and nine more questions, some branching by a rule. */

type Step = Record<string, unknown> & { id: string };

/** A radio question on `field` with the given option values, going on to `next`. */
function radio(id: string, field: string, question: string, values: string[], next: unknown): Step {
  return { id, kind: "radio", field, question, options: values.map((value) => ({ value, label: value })), next };
}

/** business-water's v1 text made into v<version> with 15 steps, four of which branch by the answer. */
export function fifteenStepFlow(v1Text: string, version = 2): string {
  const doc = JSON.parse(v1Text) as Record<string, unknown> & { steps: Step[] };
  const [sites, spend, supplier, address, contact, done] = doc.steps as [Step, Step, Step, Step, Step, Step];
  const is = (field: string, value: string) => ({ "==": [{ var: field }, value] });
  doc.version = version;
  doc.description = "Fifteen steps, four of them branching";
  doc.steps = [
    { ...sites, next: [{ when: is("numberOfSites", "1"), to: "meter" }, { to: "spend" }] },
    { ...spend, next: "meter" },
    radio("meter", "hasWaterMeter", "Do your premises have a water meter?", ["yes", "no", "notSure"], [{ when: is("hasWaterMeter", "no"), to: "tenure" }, { to: "expiry" }]),
    radio("expiry", "contractExpiry", "When does your water contract end?", ["outOfContract", "within3Months", "within6Months", "within12Months", "over12Months", "notSure"], "supplier"),
    { ...supplier, next: "tenure" },
    radio("tenure", "ownsProperty", "Do you own or rent the premises?", ["owner", "tenant"], [{ when: is("ownsProperty", "tenant"), to: "landlord" }, { to: "trade" }]),
    radio("landlord", "currentlyUsesAService", "Does your landlord pay the water bill?", ["yes", "no"], "trade"),
    radio("trade", "industry", "What does your business do?", ["retail", "hospitality", "office", "manufacturing"], "staff"),
    radio("staff", "employeeCount", "How many people work there?", ["1-9", "10-49", "50+"], "company"),
    radio("company", "companyType", "What kind of company is it?", ["soleTrader", "limited", "partnership"], [{ when: is("companyType", "limited"), to: "premises" }, { to: "hours" }]),
    radio("premises", "propertyType", "What kind of premises are they?", ["shop", "office", "factory"], "hours"),
    radio("hours", "preferredContactTime", "When should a retailer call?", ["anytime", "morning", "afternoon", "evening"], "address"),
    address,
    contact,
    done,
  ];
  return `${JSON.stringify(doc, null, 2)}\n`;
}
