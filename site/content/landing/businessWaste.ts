import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business waste",
  description:
    "Compare business waste collection for general waste, recycling, food and glass: how prices work, your legal duty of care and the workplace recycling rules.",
  heading: "Business waste collection, compared",
  intro:
    "Every business must have its waste taken away by an authorised carrier, and the price depends on what you throw away, how much and how often. Tell us your postcode and we will find collectors who cover it.",
  quickStart: serviceQuickStarts["business-waste"],
  highlights: ["General waste and recycling", "Collections to suit your business", "Waste transfer notes included"],
  sections: [
    {
      id: "costs",
      heading: "What waste collection costs",
      blocks: [
        "Collectors price by the size of each bin, the number of collections (lifts) and the type of waste. General waste costs more to deal with than recycling, because landfill tax is charged on waste sent to landfill.",
        {
          list: [
            "Bins from 240 and 360 litre wheelie bins up to 1,100 litre containers for larger producers",
            "Collections weekly, fortnightly or several times a week",
            "Separate streams for mixed dry recycling, glass, food, cardboard and confidential paper",
          ],
        },
        "Sorting more of your waste into recycling usually brings down the cost of the general waste bin.",
      ],
    },
    {
      id: "duty-of-care",
      heading: "Your duty of care",
      blocks: [
        "The law makes every business responsible for its waste until it is handed to someone authorised to take it. In practice that means you must:",
        {
          list: [
            "Store waste securely, so it cannot escape or blow away",
            "Use a registered waste carrier; you can check the Environment Agency's public register",
            "Complete a waste transfer note describing the waste each time it changes hands, and keep it for at least two years",
            "Take extra care with hazardous waste, such as chemicals, oils and fluorescent tubes, which needs a consignment note",
          ],
        },
        "Waste from a business is commercial waste even when the business is run from home, so it should not go in your household bin.",
      ],
    },
    {
      id: "recycling-rules",
      heading: "The workplace recycling rules",
      blocks: [
        "In England, since 31 March 2025, businesses with ten or more full-time-equivalent employees must keep dry recyclables (paper and card, plastic, metal and glass) and food waste separate from general waste. Smaller businesses must do the same from 31 March 2027.",
        "Wales has required workplaces to separate their recycling since April 2024, and Scotland has had similar rules since 2014.",
      ],
    },
  ],
  faqs: [
    {
      question: "How often should my bins be collected?",
      answer: [
        "Often enough that bins never overflow, and food waste at least weekly to avoid smells and pests. A collector will suggest a schedule from the amount you produce.",
      ],
    },
    {
      question: "What is a waste transfer note?",
      answer: [
        "A record of each transfer of waste: what it is, how it is contained, who took it and where it is going. For regular collections of the same waste, one note can cover a whole year. Keep them for at least two years.",
      ],
    },
    {
      question: "I work from home. Can I use my household bin?",
      answer: ["No. Business waste needs a commercial collection, from a private collector or your council's trade waste service."],
    },
    {
      question: "Can you find a collector for hazardous waste?",
      answer: ["Tell us what you produce in the quote form and we will match you with collectors licensed to take it."],
    },
  ],
  related: ["/business-water/", "/business-energy/"],
};

export default content;
