import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "card payments",
  description:
    "Compare card machines and payment providers: transaction fees, terminal rental, online payments and settlement times. Free quotes for UK businesses.",
  heading: "Take card payments for less",
  intro:
    "Card fees come in several parts, from the percentage on each sale to terminal rental and monthly minimums, which makes providers hard to compare. Answer one question here and a few more about your business, and providers will quote for the way you take payments.",
  quickStart: serviceQuickStarts["take-card-payments"],
  highlights: [
    "Card machines, online and phone payments",
    "Quotes based on your turnover",
    "Compare the total cost, not the headline rate",
  ],
  sections: [
    {
      id: "costs",
      heading: "What card payments cost",
      blocks: [
        "A card payment quote usually includes:",
        {
          list: [
            "A transaction fee on each payment: a percentage of the sale, a fixed amount in pence, or both, often different for debit, credit and business cards",
            "Terminal rental or purchase, per machine",
            "A monthly service charge or minimum",
            "A charge for PCI DSS compliance, the security standard for handling card data",
            "Chargeback fees when a customer disputes a payment",
          ],
        },
        "Compare the total. Apply each rate to a typical month's sales, then add the fixed charges. A low headline rate with a high monthly minimum can cost a small business more.",
        "The fees that card issuers charge behind the scenes (interchange) are capped for UK consumer cards at 0.2% of the payment for debit cards and 0.3% for credit cards, so the differences between quotes come mostly from each provider's own margin and fixed fees.",
      ],
    },
    {
      id: "ways-to-take-payments",
      heading: "Ways to take payments",
      blocks: [
        {
          list: [
            "Countertop terminals at the till, connected by broadband",
            "Portable terminals that work anywhere on your premises over Wi-Fi or Bluetooth",
            "Mobile terminals with their own SIM card, for trades, markets and deliveries",
            "Online checkouts and payment links for your website, invoices and phone orders",
          ],
        },
      ],
    },
    {
      id: "getting-paid",
      heading: "Getting paid",
      blocks: [
        "Settlement is how quickly your card takings reach your bank account. Some providers pay the next day; others hold funds for longer, especially for new businesses. Ask each provider when the money arrives, and whether faster settlement costs extra. [Barclaycard Payments](/take-card-payments/barclaycard/) offers next-day settlement for transactions taken before 9pm.",
        "In the UK you cannot add a surcharge to payments made with consumer cards, so build the cost of taking cards into your prices.",
      ],
    },
  ],
  faqs: [
    {
      question: "I already take cards. Is it worth switching?",
      answer: [
        "Often, if your sales have grown since you signed up or your rates were introductory. Have a recent statement to hand so providers can quote against what you pay now, and check your contract for its end date and any early termination fee.",
      ],
    },
    {
      question: "How quickly can I start taking payments?",
      answer: [
        "Providers must verify your business and its owners before they take you on. Once your application is approved, a terminal is usually sent out within days.",
      ],
    },
    {
      question: "Can customers pay with their phones?",
      answer: ["Yes. Current terminals accept contactless cards, phones and watches as well as chip and PIN."],
    },
    {
      question: "Do I need a business bank account?",
      answer: [
        "Most providers pay your takings into a business account in the business's name. Some products for sole traders accept a personal account; ask when you get your quote.",
      ],
    },
  ],
  related: ["/take-card-payments/barclaycard/", "/business-broadband/", "/business-insurance/"],
};

export default content;
