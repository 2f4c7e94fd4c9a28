import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "EV charging",
  description:
    "Workplace chargepoints for staff, fleet and visitors: charger types, installation, running costs and the business electricity contract to power them.",
  heading: "Electric vehicle charging for your business",
  intro:
    "Chargepoints at your premises let staff, fleet vehicles and visitors charge while they work. The electricity they draw goes on your business supply, so the contract behind them matters as much as the chargers themselves.",
  quickStart: { kind: "postcode", flow: "business-energy", placeholder: "Enter your business postcode..." },
  highlights: [
    "7 kW to 22 kW chargers suit most workplaces",
    "Smart chargers, as the law requires",
    "The right electricity contract to run them",
  ],
  sections: [
    {
      id: "charger-types",
      heading: "Choosing a chargepoint",
      blocks: [
        "Most workplaces use AC chargers. A 7 kW charger on a single-phase supply adds roughly 25 to 30 miles of range an hour. A 22 kW charger needs a three-phase supply and charges faster, although many cars can only draw 11 kW or less from an AC charger.",
        "Rapid DC chargers, from 50 kW upwards, suit fleets that need vehicles back on the road quickly. They cost far more to buy and often need a larger grid connection.",
        "Since 30 June 2022, chargepoints sold for homes and workplaces in Great Britain must be smart: they can be scheduled, respond to signals from the grid and meet security requirements. That lets you charge when electricity is cheapest.",
      ],
    },
    {
      id: "installation",
      heading: "What installation involves",
      blocks: [
        {
          list: [
            "A site survey to check the spare capacity of your electricity supply and where chargers can go",
            "Cabling, and groundworks if needed, from your distribution board to each charger",
            "Notifying your distribution network operator, and applying for more capacity if the chargers need it",
            "Setting up the software that controls who can charge, when, and at what price",
          ],
        },
        "Before you buy, check the government's Workplace Charging Scheme, which has offered grants towards buying and installing chargepoints for eligible businesses, charities and public sector organisations.",
      ],
    },
    {
      id: "running-costs",
      heading: "Running costs and your energy contract",
      blocks: [
        "Every kWh a car draws is billed at your business unit rate. Charging a car with a 60 kWh battery from empty to full at 26p per kWh costs about £15.60.",
        "If chargers will mostly run overnight or at weekends, ask suppliers about contracts with cheaper off-peak rates, and tell them about the extra demand when you ask for [business energy](/business-energy/) quotes.",
        "You can offer charging to staff free as a benefit or charge them per kWh through the chargepoint software. Under current HMRC rules, charging an employee's car at the workplace is not a taxable benefit.",
      ],
    },
  ],
  faqs: [
    {
      question: "How many chargepoints do we need?",
      answer: [
        "Start from how many vehicles need to charge each day and how long they stay parked. Cars parked for a full working day can share a few 7 kW points with smart scheduling; fleet vehicles with short turnarounds may need faster chargers.",
      ],
    },
    {
      question: "Will our electricity supply cope?",
      answer: [
        "A survey shows the spare capacity at your connection. Load management shares the available power between chargers, which often avoids an upgrade; if not, your network operator can quote for more capacity.",
      ],
    },
    {
      question: "Can solar panels power our chargers?",
      answer: [
        "Yes. Panels on your roof can supply chargers during the day, and a battery can store the surplus for later. See [solar panels for business](/business-solar/).",
      ],
    },
    {
      question: "Do we need planning permission?",
      answer: [
        "Wall-mounted and free-standing chargepoints in off-street car parks are often permitted development, within limits on size and position. Listed buildings and conservation areas have stricter rules. Your installer should check before work starts.",
      ],
    },
  ],
  related: ["/business-energy/", "/business-solar/", "/business-energy-generators/"],
};

export default content;
