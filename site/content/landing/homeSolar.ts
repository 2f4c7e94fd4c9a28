import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "home solar panels",
  description:
    "Solar panels for your home: what affects the cost, what they can save, export payments and zero VAT. Compare quotes from certified installers near you.",
  heading: "Solar panels for your home",
  intro:
    "Solar panels turn daylight into electricity that powers your home first, with anything left over sold to the grid. Tell us your postcode and we will put you in touch with certified installers who can survey your roof and quote.",
  quickStart: { kind: "postcode", flow: "home-solar", placeholder: "Enter your postcode..." },
  highlights: ["No VAT on installation until 31 March 2027", "Get paid for what you export", "Quotes from certified installers"],
  sections: [
    {
      id: "savings",
      heading: "What solar can save",
      blocks: [
        "Savings depend on the size and direction of your roof, shading, where you live and, above all, how much of the electricity you use as it is generated. Being at home in the day, running appliances on timers or adding a battery all raise that share.",
        "Electricity you do not use can earn money through a Smart Export Guarantee tariff. Larger suppliers must offer one, and rates vary, so compare them as you would any tariff.",
        "To qualify for an export tariff, the system and its installer usually need to be certified under the Microgeneration Certification Scheme (MCS).",
      ],
    },
    {
      id: "costs",
      heading: "What affects the cost",
      blocks: [
        {
          list: [
            "The number and type of panels; a typical home system is 3 to 5 kWp",
            "Your roof: its shape, pitch and access, and whether scaffolding is needed",
            "A battery, which adds to the cost but lets you use more of your own electricity",
            "The inverter, and any work needed on your consumer unit",
          ],
        },
        "Installing solar panels and batteries in homes is zero-rated for VAT until 31 March 2027.",
      ],
    },
    {
      id: "installation",
      heading: "Planning and installation",
      blocks: [
        "Most rooftop systems on houses are permitted development and need no planning application, but listed buildings, flats and homes in conservation areas can be different. Your installer will check, and will notify your electricity network operator.",
        "Fitting a typical home system usually takes one or two days once the scaffolding is up.",
      ],
    },
  ],
  faqs: [
    {
      question: "Do solar panels work in winter?",
      answer: [
        "Yes, but they generate much less than in summer, because the days are shorter and the sun is lower. They work in cloudy weather too, at reduced output.",
      ],
    },
    {
      question: "How long do panels last?",
      answer: ["Panels commonly come with 25-year performance warranties. The inverter usually needs replacing once in that time."],
    },
    {
      question: "Do I need a battery?",
      answer: [
        "No, but a battery stores daytime electricity for the evening. It suits homes that are empty during the day, or that use a tariff with cheaper times.",
      ],
    },
    {
      question: "I run a business. Can you help?",
      answer: ["Yes. See [solar panels for business](/business-solar/)."],
    },
  ],
  related: ["/home-energy/", "/business-solar/"],
};

export default content;
