import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "generators",
  description:
    "Standby and prime power generators for business, to buy or hire: sizing in kVA, fuel, installation and servicing. Compare quotes from specialists.",
  heading: "Business generators, sized and supplied by specialists",
  intro:
    "A generator keeps your business running when the grid cannot: through a power cut, on a site without a connection, or at an event. Tell us what you need to power and we will put you in touch with specialists who supply, install and maintain them.",
  quickStart: {
    kind: "serviceType",
    question: "Who is the generator for?",
    business: "business-energy-generators",
    other: "home-energy-generators",
    otherLabel: "Home",
  },
  highlights: ["Standby, prime and portable power", "To buy or to hire", "Installation and servicing"],
  sections: [
    {
      id: "types",
      heading: "Which generator do you need?",
      blocks: [
        {
          list: [
            "Standby generators start automatically when the mains fails, through an automatic transfer switch, and keep essential equipment running in offices, shops, care homes and server rooms.",
            "Prime power generators are the main source of electricity on sites without a grid connection, such as construction sites, farms and remote premises.",
            "Portable generators power tools, lighting and events for a few hours at a time.",
            "Hybrid systems pair a generator with batteries, so the engine runs less often, using less fuel and making less noise.",
          ],
        },
      ],
    },
    {
      id: "sizing",
      heading: "Sizing: kVA and kW",
      blocks: [
        "Generators are rated in kVA (kilovolt-amperes). The useful power in kW is lower: for most generators it is about 80% of the kVA rating, so a 100 kVA generator supplies about 80 kW.",
        "Add up the running load of everything the generator must power, then allow for the extra current that motors, pumps and compressors draw as they start. An undersized generator trips under load; an oversized one runs inefficiently and can be damaged by running too lightly. A specialist will visit or use your electricity data to size it properly.",
      ],
    },
    {
      id: "fuel",
      heading: "Fuel and running costs",
      blocks: [
        "Most business generators run on diesel. Since 1 April 2022 most businesses can no longer use rebated red diesel, so budget for white diesel unless you work in an exempt sector such as agriculture.",
        "Hydrotreated vegetable oil (HVO) can replace diesel in many modern engines with much lower lifecycle emissions. Check with the manufacturer before switching fuel.",
        "A standby generator needs a regular test run under load and an annual service, so that it starts when you need it.",
      ],
    },
    {
      id: "buy-or-hire",
      heading: "Buy or hire?",
      blocks: [
        "Hiring suits short projects, events and emergency cover, and usually includes delivery, refuelling and servicing. Buying suits a permanent standby need; pair it with a maintenance contract to keep the warranty valid and the unit ready.",
      ],
    },
  ],
  faqs: [
    {
      question: "How long can a generator run?",
      answer: [
        "As long as it has fuel and is maintained. Runtime per tank depends on the size of the tank and the load. A supplier can size the tank, or fit a larger one, for the runtime you need.",
      ],
    },
    {
      question: "Do we need an automatic transfer switch?",
      answer: [
        "For standby use, yes. It detects a mains failure, starts the generator and moves your load across, then back again when the mains returns. It must be installed by a qualified electrician, so that the generator can never feed power back into the grid.",
      ],
    },
    {
      question: "Where can a generator go?",
      answer: [
        "Outside or in a ventilated plant room, away from windows and air intakes, on a firm level base, with access for fuel deliveries and servicing. An acoustic canopy reduces noise on sites close to neighbours.",
      ],
    },
    {
      question: "Can I get a generator for my home?",
      answer: [
        "Yes. Choose Home in the box at the top of the page and we will look for suppliers of home standby and portable generators.",
      ],
    },
  ],
  related: ["/business-energy/", "/business-solar/", "/business-energy/electric-vehicle-charging/"],
};

export default content;
