import { BRAND } from "../../config";
import { closingQuickStarts, serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business insurance",
  description:
    "Compare business insurance through FCA-authorised brokers: public and employers' liability, professional indemnity, premises, stock and more. Free quotes.",
  heading: "Business insurance, arranged by specialist brokers",
  intro:
    "The right cover depends on what your business does, where, and who it employs. Tell us about it and we will introduce you to insurance brokers who compare policies from several insurers and explain what each one covers.",
  quickStart: serviceQuickStarts["business-insurance"],
  closingQuickStart: closingQuickStarts["business-insurance"],
  highlights: ["Brokers authorised by the FCA", "Cover for your trade", "Business and personal policies"],
  sections: [
    {
      id: "cover-types",
      heading: "Which insurance does your business need?",
      blocks: [
        {
          list: [
            "Employers' liability: required by law once you employ staff, with cover of at least £5 million. A business can be fined up to £2,500 for every day it goes without.",
            "Public liability: pays claims from customers or members of the public who are injured, or whose property is damaged, because of your business. It is not a legal requirement, but many clients and venues insist on it.",
            "Professional indemnity: covers claims that your advice or work caused a client a loss. Some professional bodies require it.",
            "Buildings, contents and stock: protects your premises, equipment and stock against fire, flood and theft.",
            "Business interruption: replaces lost income while you recover from an insured event such as a fire.",
            "Commercial vehicle insurance: required by law for any vehicle your business uses on the road.",
          ],
        },
        "A sole trader with no staff may need little more than public liability; a shop or restaurant usually needs several covers, often combined in one package policy.",
      ],
    },
    {
      id: "how-quotes-work",
      heading: "How getting quotes works",
      blocks: [
        {
          steps: [
            "Tell us your trade, your turnover, how many people you employ and the covers you are interested in.",
            "A specialist broker contacts you to check the details insurers ask about, such as your premises, your claims history and the work you do.",
            "The broker compares policies and explains the cover, the excess and any exclusions, so you can choose.",
            "You buy the policy through the broker, who can also help if you ever need to claim.",
          ],
        },
      ],
    },
    {
      id: "price",
      heading: "What affects the price",
      blocks: [
        {
          list: [
            "Your trade and the risks that come with it",
            "Your turnover and the number of people you employ",
            "The limit of cover and the excess you choose",
            "Where you work, and how your premises are protected",
            "Your claims history",
          ],
        },
      ],
    },
  ],
  faqs: [
    {
      question: "Is business insurance a legal requirement?",
      answer: [
        "Employers' liability is, as soon as you employ anyone, and motor insurance is for any vehicle on the road. Other covers are optional, although contracts, landlords and lenders often require them.",
      ],
    },
    {
      question: "Do I need business insurance if I work from home?",
      answer: [
        "Home insurance often excludes business equipment and visitors who come on business, so tell your home insurer about your work or take out a policy that covers it.",
      ],
    },
    {
      question: `Why does ${BRAND} use brokers?`,
      answer: [
        `${BRAND} is not authorised to give insurance advice or arrange policies. The brokers we introduce you to are authorised and regulated by the Financial Conduct Authority, and can compare several insurers for you.`,
      ],
    },
    {
      question: "What does Non-Business mean?",
      answer: [
        "Choose Non-Business at the top of the page if the cover is for you or your home rather than a business, and we will look for personal insurance quotes instead.",
      ],
    },
  ],
  related: ["/take-card-payments/", "/business-broadband/", "/business-waste/"],
};

export default content;
