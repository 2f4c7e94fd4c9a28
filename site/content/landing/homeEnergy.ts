import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "home energy",
  description:
    "Compare gas and electricity for your home: how the price cap works, fixed or variable tariffs, and how switching supplier works. Free, with no obligation.",
  heading: "Compare home gas and electricity",
  intro:
    "Homes on a standard variable tariff pay prices limited by Ofgem's price cap, which changes every three months. A fixed tariff can protect you from rises. Tell us your postcode and we will find deals you can switch to.",
  quickStart: { kind: "postcode", flow: "home-energy", placeholder: "Enter your postcode..." },
  highlights: ["Your supply is never interrupted", "14 days to change your mind", "No exit fees in the last 49 days of a fix"],
  sections: [
    {
      id: "price-cap",
      heading: "How the price cap works",
      blocks: [
        "Ofgem, the energy regulator, caps the unit rates and standing charges that suppliers can charge households on standard variable tariffs, and reviews the cap every quarter.",
        "The cap limits the price of each unit, not your total bill: the more you use, the more you pay. Fixed tariffs are not covered by it and can be above or below it.",
      ],
    },
    {
      id: "fixed-or-variable",
      heading: "Fixed or variable?",
      blocks: [
        {
          list: [
            "A fixed tariff keeps your unit rates and standing charges the same for the length of the deal, often 12 or 24 months. Leaving early can mean an exit fee.",
            "A variable tariff moves with the price cap or the supplier's prices, and you can leave at any time without paying a fee.",
          ],
        },
        "Suppliers cannot charge exit fees in the last 49 days of a fixed tariff, so that is the time to compare.",
      ],
    },
    {
      id: "how-switching-works",
      heading: "How switching works",
      blocks: [
        {
          steps: [
            "Have a recent bill or your yearly use in kWh to hand, so quotes reflect your home.",
            "Choose a tariff. Your new supplier arranges the switch with your old one, usually within five working days.",
            "Give a meter reading on the switch date, or let your smart meter send it.",
            "You have 14 days after agreeing the contract to change your mind.",
          ],
        },
        "Your gas and electricity keep flowing throughout: the pipes, wires and meters stay the same.",
      ],
    },
  ],
  faqs: [
    {
      question: "Will my supply be cut off when I switch?",
      answer: ["No. Only the company that bills you changes."],
    },
    {
      question: "Can I switch if I rent my home?",
      answer: ["Yes, if you pay the energy supplier directly. Check your tenancy agreement, which may ask you to tell your landlord."],
    },
    {
      question: "Can I switch with a prepayment meter?",
      answer: [
        "Usually, yes. If you owe your current supplier money, you may still be able to switch and take the debt with you, up to a limit.",
      ],
    },
    {
      question: "What about generating my own electricity?",
      answer: ["See [solar panels for your home](/home-energy/solar/) for what panels cost and what they can save."],
    },
  ],
  related: ["/home-energy/solar/", "/business-energy/"],
};

export default content;
