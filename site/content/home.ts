/** The home page's words. */
import type { Faq, QuickStartSpec } from "./types";

export interface ServiceCard {
  path: string;
  name: string;
  summary: string;
}

export const home = {
  description:
    "Compare business energy, water, waste, broadband, card payments and insurance from UK providers. Free quotes in minutes, with no obligation to switch.",
  heading: "Compare business energy and save",
  intro:
    "Tell us a little about your premises and we will find you business electricity and gas quotes from UK suppliers. It takes a couple of minutes, it is free, and there is no obligation to switch.",
  quickStart: { kind: "postcode", flow: "business-energy", placeholder: "Enter your business postcode..." } satisfies QuickStartSpec,
  highlights: [
    "Over 40,000 businesses helped",
    "Gas 7p-9p and electricity 24p-28p per kWh",
    "Free quotes with no obligation",
  ],
  servicesHeading: "Everything your business runs on",
  services: [
    {
      path: "/business-energy/",
      name: "Business energy",
      summary: "Electricity and gas contracts for shops, offices, workshops and sites of every size.",
    },
    {
      path: "/business-water/",
      name: "Business water",
      summary: "Choose the retailer that bills you for water and wastewater, and check you pay the right charges.",
    },
    {
      path: "/business-waste/",
      name: "Business waste",
      summary: "General waste, recycling, food and glass collections, priced by bin and by lift.",
    },
    {
      path: "/take-card-payments/",
      name: "Card payments",
      summary: "Card machines, online payments and pay-by-link, with fees you can compare line by line.",
    },
    {
      path: "/business-broadband/",
      name: "Business broadband",
      summary: "Fibre broadband with business-grade support, static IP addresses and service guarantees.",
    },
    {
      path: "/business-phones/",
      name: "Business phones",
      summary: "Internet phone systems that keep your numbers as the old copper phone lines close.",
    },
    {
      path: "/business-solar/",
      name: "Business solar",
      summary: "Solar panels on your roof or land, to cut the electricity you buy from the grid.",
    },
    {
      path: "/business-energy-generators/",
      name: "Selling surplus power",
      summary: "Get paid for the electricity your solar, wind, hydro or CHP exports, with an export tariff or a power purchase agreement.",
    },
    {
      path: "/business-energy/electric-vehicle-charging/",
      name: "EV charging",
      summary: "Chargepoints for staff, fleet and visitors, and the electricity contract to run them.",
    },
    { path: "/home-energy/", name: "Home energy", summary: "Gas and electricity for your home, compared against the price cap." },
  ] satisfies ServiceCard[],
  insurance: {
    heading: "Business insurance",
    text: "Public and employers' liability, professional indemnity, premises and stock. A specialist broker finds the cover your trade needs.",
    quickStart: { kind: "start", flow: "business-insurance", label: "Get an insurance quote" } satisfies QuickStartSpec,
  },
  loans: {
    heading: "Business loans",
    text: "See the rates you could borrow at within 90 seconds, from our lending partner.",
    label: "Check loan rates",
  },
  steps: [
    "Tell us what you need: the service, your postcode and a few details about your business. It takes a couple of minutes.",
    "We pass your enquiry to the partners who cover your area and your type of business, and we tell you who they are.",
    "They come back to you with quotes. Compare them, ask questions, and switch only if one is better.",
  ],
  faqs: [
    {
      question: "Does it cost anything to use the service?",
      answer: [
        "No. Comparing and getting quotes is free: the partners we introduce you to pay us for the introduction. You pay only for a service you choose to take up, on the terms your provider quotes.",
      ],
    },
    {
      question: "Who will contact me after I ask for quotes?",
      answer: [
        "The partners named on the page you see when you finish the quote form, and only them. Depending on the service, that is an energy broker or supplier, a card payment provider, a waste or water company, a broadband provider, an insurance broker or a solar installer. They contact you by phone or e-mail about the service you asked for.",
      ],
    },
    {
      question: "Will I be switched automatically?",
      answer: [
        "No. Asking for quotes does not commit you to anything. You only switch if you agree a new contract with a provider, and for business contracts that agreement is usually recorded in writing or on a recorded call.",
      ],
    },
    {
      question: "What do you do with my details?",
      answer: [
        "We use them to get you the quotes you asked for, and we keep a record of who we passed them to. The [privacy policy](/legal/privacy-policy/) explains exactly what we collect, who receives it and how to ask us to delete it.",
      ],
    },
  ] satisfies Faq[],
};
