import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "electricity export deals",
  description:
    "Sell the electricity your business generates and does not use: export tariffs, power purchase agreements and export metering. Compare offers from buyers.",
  heading: "Get paid for the electricity your business generates",
  intro:
    "If your solar panels, wind turbine, hydro scheme, anaerobic digester or CHP plant makes more electricity than your site uses, the surplus flows out to the grid. Tell us about your generation and we will put you in touch with partners who will pay you for it, through an export tariff or a power purchase agreement.",
  quickStart: serviceQuickStarts["business-energy-generators"],
  highlights: ["Solar PV, wind, hydro, anaerobic digestion and CHP", "Export tariffs and power purchase agreements", "For rooftops and larger sites"],
  sections: [
    {
      id: "how-selling-works",
      heading: "How selling your surplus works",
      blocks: [
        "The electricity you generate is used on your site first. Whatever you are not using at that moment flows out through your grid connection, and a meter records it as export.",
        "To be paid for that export you need an agreement with a buyer: usually an electricity supplier offering an export tariff, or a supplier or trader buying your output under a power purchase agreement. The buyer pays for each unit your meter records, at the rate and on the terms you agreed.",
        "Without an agreement in place, or without a meter that records export, the electricity still reaches the grid but nobody pays you for it.",
      ],
    },
    {
      id: "ways-to-sell",
      heading: "Export tariffs and power purchase agreements",
      blocks: [
        {
          list: [
            "Smart Export Guarantee (SEG) tariffs. In Great Britain, larger electricity suppliers must offer at least one export tariff to eligible installations: solar PV, onshore wind, hydro and anaerobic digestion up to 5 MW, and micro-CHP up to 50 kW. Each supplier sets its own rate, which must always be above zero.",
            "Power purchase agreements (PPAs). A contract to sell your output to a supplier, trader or business buyer for an agreed term. The price may be fixed, linked to the wholesale market, or a mix of the two. PPAs suit larger sites, generation the SEG does not cover, and generators who want a longer agreement.",
          ],
        },
        "You do not have to sell your export to the supplier that sells you electricity. Rates and terms differ from one buyer to the next, so compare the price and how it is set, the length of the agreement and its notice period, any fees, and how often you are paid.",
        "If your generation earns Renewable Energy Guarantees of Origin (REGOs), check whether a buyer's price includes them or whether you can sell them separately.",
      ],
    },
    {
      id: "metering",
      heading: "Metering and your grid connection",
      blocks: [
        "Buyers pay on metered export, not on estimates. Your site needs a meter that records export, normally one that can be read every half hour, and an export MPAN: the reference number for your export metering point. If you do not have one yet, your supplier or installer can help you request it from your local network operator.",
        "Your generation also has to be connected with the network operator's knowledge. Small systems are usually notified under the G98 process once installed; larger ones need the network operator's approval under G99 before they connect.",
      ],
    },
    {
      id: "what-buyers-ask",
      heading: "What buyers will ask you",
      blocks: [
        {
          list: [
            "The technology, and the site's generating and export capacity, which your grid connection agreement gives",
            "Evidence that the installation is eligible: an MCS certificate for smaller solar PV and wind systems, or Ofgem's ROO-FIT accreditation for larger and other installations",
            "Your export MPAN and meter details",
            "The agreement you have now, if any, and when it ends",
          ],
        },
        "Having these to hand means buyers can quote quickly and on the right basis.",
      ],
    },
  ],
  faqs: [
    {
      question: "What if my site is larger than 5 MW?",
      answer: [
        "The Smart Export Guarantee covers installations of up to 5 MW, so larger sites sell their output under a power purchase agreement, usually with a supplier or trader. Sites close to the limit often compare both before deciding.",
      ],
    },
    {
      question: "Can I change buyer before my agreement ends?",
      answer: [
        "Check your agreement's term and notice period first. Many export tariffs can be ended with notice, while a power purchase agreement usually runs for a fixed term and may charge for leaving early. Start comparing well before your end date, so that the new agreement can begin as the old one finishes.",
      ],
    },
    {
      question: "We are still paid under the Feed-in Tariff. Does this apply to us?",
      answer: [
        "The Feed-in Tariff closed to new applicants in 2019, but installations already in the scheme keep being paid under its terms. An installation paid for its exports under the Feed-in Tariff cannot also be paid for them under the Smart Export Guarantee, so speak to your Feed-in Tariff licensee before changing how you sell your export.",
      ],
    },
    {
      question: "Does a battery change anything?",
      answer: [
        "A battery stores your surplus for use later, so you export less and buy less from the grid. Buyers treat electricity exported from a battery in different ways, especially if the battery can also charge from the grid, so tell them about it when you ask for quotes.",
      ],
    },
    {
      question: "Can I get quotes for a home system?",
      answer: [
        "Yes. Choose Home in the box at the top of the page and we will look for export deals for home solar panels, wind turbines and other small systems.",
      ],
    },
  ],
  related: ["/business-solar/", "/business-energy/", "/home-energy/solar/"],
};

export default content;
