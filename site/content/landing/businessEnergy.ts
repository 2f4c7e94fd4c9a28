import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business energy",
  description:
    "Compare business electricity and gas from UK suppliers: typical unit rates, what is on your bill and how switching works. Free quotes, no obligation.",
  heading: "Business electricity and gas, compared",
  intro:
    "Business energy is not covered by the price cap, so what you pay depends on the contract you agree. Tell us about your premises and we will find you quotes from UK suppliers for electricity, gas or both.",
  quickStart: serviceQuickStarts["business-energy"],
  highlights: ["Over 40,000 businesses helped", "Gas 7p-9p and electricity 24p-28p per kWh", "Your supply is never interrupted"],
  offers: "business-energy",
  sections: [
    {
      id: "costs",
      heading: "What business energy costs",
      blocks: [
        "A business energy bill has two main parts: the unit rate, a price for each kilowatt hour (kWh) you use, and the standing charge, a fixed daily amount for supplying your premises however much you use.",
        {
          table: {
            caption: "Typical business unit rates",
            head: ["Fuel", "Unit rate"],
            rows: [
              ["Gas", "7p-9p per kWh"],
              ["Electricity", "24p-28p per kWh"],
            ],
          },
        },
        "Your own rates depend on how much you use and when, your meter, your business's credit record and the day you fix your price. Larger users usually pay less per unit, and a site with a half-hourly meter is priced on its actual pattern of use.",
        "On top of the energy itself, bills carry VAT, normally at 20% for businesses (5% for very small users below the de minimis thresholds and for qualifying charities), and the Climate Change Levy, a government tax on the energy most businesses use.",
      ],
    },
    {
      id: "how-switching-works",
      heading: "How switching business energy works",
      blocks: [
        {
          steps: [
            "Find your contract end date and notice period. Many business contracts need written notice before they end; without it you may be moved onto a new contract or onto out-of-contract rates, which are usually higher.",
            "Have a recent bill to hand. Your meter numbers (the MPAN for electricity, the MPRN for gas) and your yearly use in kWh let suppliers price accurately.",
            "Compare quotes on the unit rates, the standing charge, the contract length and any charge for leaving early, not on the headline rate alone.",
            "Agree the contract. Your new supplier arranges the switch with the old one. The supply is not interrupted, and nobody needs to visit unless a meter is being changed.",
          ],
        },
        "You can usually agree a new contract months before your current one ends, so you can fix your price when the market suits you rather than at the last minute.",
      ],
    },
    {
      id: "meters",
      heading: "Meters and larger sites",
      blocks: [
        "Sites with a maximum demand above 100 kW have a half-hourly electricity meter, which records use every 30 minutes. Their prices are built from that pattern of use and include charges for the network capacity agreed for the site.",
        "Smaller sites can ask their supplier for a smart or advanced meter. It sends readings automatically, which ends estimated bills and shows when your business uses the most.",
        "Running several sites? A single contract renewal date and one bill for every site can save as much time as money. Tell us in the quote form and the supplier will quote for all of them.",
      ],
    },
  ],
  faqs: [
    {
      question: "Is business energy covered by the energy price cap?",
      answer: [
        "No. Ofgem's price cap applies only to household energy. Business prices are set by each supplier and fixed in the contract you agree, which is why comparing makes such a difference.",
      ],
    },
    {
      question: "Can I switch while I am still in a contract?",
      answer: [
        "You can agree a new contract now, to start when the current one ends. Leaving before the end date usually means paying a termination fee, so check your terms first.",
      ],
    },
    {
      question: "We have just moved into new premises. What happens?",
      answer: [
        "Until you agree a contract you will be supplied by the previous occupier's supplier on deemed rates, which are usually much higher than contract prices. Take meter readings on the day you move in and arrange a contract as soon as you can.",
      ],
    },
    {
      question: "What do I need to get a quote?",
      answer: [
        "Your business name and address, your current supplier, your contract end date and roughly what you spend or use. A recent bill has all of it.",
      ],
    },
    {
      question: "How are energy brokers paid?",
      answer: [
        "Brokers are paid a commission by the supplier, which is included in your unit rate or standing charge. Ofgem's rules require suppliers to make sure microbusiness customers are told what a broker earns from their contract, so ask for the figure when you compare.",
      ],
    },
  ],
  related: ["/business-energy/electric-vehicle-charging/", "/business-solar/", "/business-energy-generators/", "/business-water/"],
};

export default content;
