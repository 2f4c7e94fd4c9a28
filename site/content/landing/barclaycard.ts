import { BRAND } from "../../config";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "card payments",
  description:
    "Card payments with Barclaycard Payments: card machines for the counter and on the move, online payments and next-day settlement for transactions before 9pm.",
  heading: "Card machines and payments from Barclaycard",
  intro:
    "Barclaycard Payments, part of Barclays, takes card payments for businesses of every size across the UK. Tell us whether you take cards already and a little about your business, and a Barclaycard Payments specialist will contact you with a quote.",
  quickStart: { kind: "cardPayments", flow: "take-card-payments/barclaycard" },
  highlights: [
    "Next-day settlement for transactions before 9pm",
    "Countertop, portable and mobile terminals",
    "Online and pay-by-link payments",
  ],
  sections: [
    {
      id: "what-you-get",
      heading: "What Barclaycard Payments offers",
      blocks: [
        {
          list: [
            "Card machines for the counter, for use around your premises, and for trading on the move",
            "Online payments for your website, and payment links for invoices and phone orders",
            "The main debit and credit cards, contactless and mobile wallets",
            "Next-day settlement for card transactions taken before 9pm",
          ],
        },
        "The products, prices and eligibility that apply to you depend on your business; the specialist will go through them with your quote.",
      ],
    },
    {
      id: "how-it-works",
      heading: "How it works",
      blocks: [
        {
          steps: [
            "Answer a few questions: whether you take cards now, how you want to take them and your monthly card turnover.",
            "A Barclaycard Payments specialist contacts you to talk through the options and prices for your business.",
            "If you go ahead, you apply to Barclaycard Payments, who check your business and set you up.",
          ],
        },
      ],
    },
    {
      id: "compare-first",
      heading: "Prefer to compare providers?",
      blocks: [
        "If you would rather see quotes from several card payment providers, start from our [card payments comparison](/take-card-payments/) instead.",
      ],
    },
  ],
  faqs: [
    {
      question: "What does next-day settlement mean?",
      answer: [
        "Card takings from transactions made before 9pm are paid into your bank account the next day, which helps cash flow compared with providers that pay out after several days.",
      ],
    },
    {
      question: "Can I move to Barclaycard if I already take cards?",
      answer: [
        "Yes. Answer Yes above; the specialist will ask about your current provider and costs, and explain what you need to do to end your existing contract.",
      ],
    },
    {
      question: "What will it cost?",
      answer: [
        "Pricing depends on your turnover, your typical transaction and the products you need. You will get a quote showing the transaction rates and any monthly charges before you commit to anything.",
      ],
    },
    {
      question: "Is this page run by Barclaycard?",
      answer: [
        `No. ${BRAND} is an independent comparison and introduction service. We pass your enquiry to Barclaycard Payments, who contact you about their products.`,
      ],
    },
  ],
  related: ["/take-card-payments/", "/business-broadband/"],
};

export default content;
