import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business solar",
  description:
    "Commercial solar panels for business roofs and land: what affects the cost, how they pay back, export payments and installation. Compare installer quotes.",
  heading: "Solar panels for your business",
  intro:
    "Every unit of electricity your panels generate and you use on site is a unit you do not buy from the grid at business rates. Tell us about your building and we will put you in touch with solar installers who can survey it and quote.",
  quickStart: serviceQuickStarts["business-solar"],
  highlights: ["Cut the electricity you buy", "Get paid for what you export", "Surveyed and quoted by installers"],
  sections: [
    {
      id: "how-it-pays",
      heading: "How solar pays for itself",
      blocks: [
        "Panels save the most when you use their electricity as it is generated. Businesses that are busy in daylight, such as offices, shops, farms, workshops and cold stores, use a high share of it on site.",
        "Electricity you do not use can be exported. Under the Smart Export Guarantee, larger electricity suppliers must offer a tariff that pays for power exported from installations of up to 5 MW, although export rates are usually well below what you pay for electricity you import.",
        "A battery stores the daytime surplus for use later in the day, raising the share of your own electricity that you use.",
        "In England, solar panels and batteries installed on business premises are exempt from business rates until 31 March 2035, and they may qualify for capital allowances. Ask your accountant how the allowances apply to your business.",
      ],
    },
    {
      id: "costs",
      heading: "What affects the price",
      blocks: [
        {
          list: [
            "The size of the system, measured in kilowatts peak (kWp)",
            "Your roof: its type, condition, direction and shading, and whether scaffolding or structural work is needed",
            "Your grid connection: larger systems need the network operator's approval before they connect",
            "Batteries, optimisers and monitoring",
          ],
        },
        "Ask each installer for the expected yearly generation in kWh, the share they expect you to use on site, and the payback period that follows from your own electricity rates, so that quotes can be compared fairly.",
      ],
    },
    {
      id: "installation",
      heading: "From survey to switch-on",
      blocks: [
        {
          steps: [
            "An installer reviews your roof and your electricity use, from your bills or half-hourly data.",
            "They design the system and apply to the network operator to connect it.",
            "The panels are fitted, usually in a few days on site, depending on the size of the system.",
            "The system is commissioned and registered, and you can sign up for an export tariff.",
          ],
        },
      ],
    },
  ],
  faqs: [
    {
      question: "Do we need planning permission?",
      answer: [
        "Many rooftop systems on commercial buildings count as permitted development, but limits apply, and listed buildings, conservation areas and ground-mounted systems often need permission. Your installer should check before quoting.",
      ],
    },
    {
      question: "What if we rent our premises?",
      answer: [
        "You will need your landlord's consent. Some installers and funders offer arrangements in which they own the panels and sell you the electricity they generate, which can suit tenants and businesses that would rather not buy outright.",
      ],
    },
    {
      question: "How long do panels last?",
      answer: [
        "Panels commonly carry performance warranties of 25 years or more. Inverters usually need replacing once or twice over that time.",
      ],
    },
    {
      question: "Should we change our electricity contract too?",
      answer: [
        "Solar reduces how much electricity you buy, so mention it when you compare [business energy](/business-energy/) quotes. Some contracts set limits on how far your use can change.",
      ],
    },
  ],
  related: ["/business-energy/", "/business-energy/electric-vehicle-charging/", "/home-energy/solar/"],
};

export default content;
