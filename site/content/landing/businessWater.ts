import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business water",
  description:
    "Businesses in England can choose their water retailer. Compare retailers on price, billing and service, check your charges and switch with no interruption.",
  heading: "Compare business water retailers",
  intro:
    "Since April 2017, businesses in England have been able to choose who supplies their water and wastewater services. The water and the pipes stay the same; what changes is who bills you, reads your meter and looks after your account. Tell us your postcode and we will find retailers who serve it.",
  quickStart: serviceQuickStarts["business-water"],
  highlights: ["Same water, same pipes", "No interruption to supply", "One bill for several sites"],
  sections: [
    {
      id: "how-the-market-works",
      heading: "How the business water market works",
      blocks: [
        "Your regional water company still owns the pipes and treatment works; in the business market it is called the wholesaler. Your retailer buys from the wholesaler and handles your bills, meter readings and customer service.",
        "In Scotland, businesses have been able to choose their retailer since 2008. In Wales, only sites that use more than 50 million litres a year can switch.",
      ],
    },
    {
      id: "charges",
      heading: "What is on a business water bill",
      blocks: [
        {
          list: [
            "Water supply, charged per cubic metre through your meter, or on an assessed basis if you have no meter",
            "Wastewater (sewerage), usually based on the water you use, with an allowance for water that does not return to the sewer",
            "Surface water drainage, for rainwater running off your roof and car park into the public sewer",
            "Trade effluent, if your business discharges anything other than ordinary sewage, under a consent from the wholesaler",
          ],
        },
        "Check you are charged the right way. A site whose rainwater drains to a soakaway rather than the public sewer can ask for its surface water drainage charge to be removed.",
      ],
    },
    {
      id: "how-switching-works",
      heading: "How switching works",
      blocks: [
        {
          steps: [
            "Find a recent bill. It shows your current retailer and your supply point ID (SPID).",
            "Compare retailers on price, billing (one bill for all your sites, for example), meter reading and service.",
            "Agree terms with your new retailer. They arrange the transfer; nothing changes at your premises and your supply is not interrupted.",
            "Your old retailer sends a final bill and the new one takes over.",
          ],
        },
      ],
    },
    {
      id: "using-less",
      heading: "Using less water",
      blocks: [
        "Retailers can offer automatic meter reading, leak detection and water audits. A hidden leak can cost far more than any difference in tariffs, so compare your use from one bill to the next and investigate a sudden rise.",
      ],
    },
  ],
  faqs: [
    {
      question: "Is it worth switching water retailer?",
      answer: [
        "Wholesale charges make up most of a water bill and are the same whichever retailer you choose, so savings come from the retailer's margin, from better billing and from using less. For businesses with several sites, one account and one bill can save a lot of time.",
      ],
    },
    {
      question: "Can my business switch if it is in Wales?",
      answer: ["Only if the site uses more than 50 million litres a year. Smaller sites in Wales stay with their regional water company."],
    },
    {
      question: "Will my water supply be interrupted?",
      answer: ["No. Switching is an administrative change; the water, the pipes and the wholesaler stay the same."],
    },
    {
      question: "Can households choose their water supplier?",
      answer: [
        "No. The retail market is for businesses, charities and public sector organisations; households stay with their regional water company.",
      ],
    },
  ],
  related: ["/business-waste/", "/business-energy/"],
};

export default content;
