import { serviceQuickStarts } from "../quickStarts";
import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business broadband",
  description:
    "Compare business broadband: full fibre, part fibre and leased lines, static IP addresses and fast fault repair. Free quotes from UK providers.",
  heading: "Business broadband that keeps you working",
  intro:
    "When the internet goes down, so do your card machine, your phones and your cloud software. Business broadband comes with faster fault repair and support that understands that. Tell us what you need and we will find providers who serve your premises.",
  quickStart: serviceQuickStarts["business-broadband"],
  highlights: ["Full fibre where it is available", "Static IP and repair promises", "Phone lines too, if you need them"],
  sections: [
    {
      id: "connection-types",
      heading: "Types of connection",
      blocks: [
        {
          list: [
            "Full fibre (FTTP) runs fibre all the way into your building. It offers the fastest and most reliable speeds, with much faster uploads than copper lines.",
            "Part fibre (FTTC) runs fibre to the street cabinet and copper from there to you; speeds fall the further you are from the cabinet.",
            "A leased line is a dedicated fibre connection with guaranteed, equal upload and download speeds, for businesses that cannot afford to be offline.",
            "4G and 5G connections suit sites without a fixed line and make a good backup for one.",
          ],
        },
      ],
    },
    {
      id: "business-vs-home",
      heading: "What business broadband adds",
      blocks: [
        {
          list: [
            "A service level agreement that sets how quickly faults are fixed",
            "Static IP addresses for remote access, CCTV and servers",
            "Support lines for business customers",
            "A contract in the business's name, with VAT invoices",
          ],
        },
        "Home packages can be cheaper, but a fault on a residential line is repaired to residential timescales.",
      ],
    },
    {
      id: "how-switching-works",
      heading: "How switching works",
      blocks: [
        {
          steps: [
            "Check your contract end date. Leaving early usually means paying for the remaining months.",
            "Tell us your postcode and what the connection is for: how many users, video calls, card payments, cloud back-ups.",
            "Compare the speed each provider estimates for your address, the price over the whole contract, set-up costs and the repair promise.",
            "Your new provider arranges the switch. Moving between providers on the same network is usually seamless; a new connection may need an engineer to visit.",
          ],
        },
      ],
    },
  ],
  faqs: [
    {
      question: "What speed does my business need?",
      answer: [
        "Think about how many people are online at once and what they do. Video calls, cloud software and large uploads need plenty of bandwidth and, above all, a good upload speed. A provider will estimate the speed available at your address.",
      ],
    },
    {
      question: "Can I keep my phone number?",
      answer: [
        "Yes. Numbers can move to a new provider, and as the old copper phone network closes, many businesses move their lines to internet calling at the same time. See [business phones](/business-phones/).",
      ],
    },
    {
      question: "What happens to my card machine if the broadband fails?",
      answer: [
        "Many card terminals can fall back on a mobile data connection. A 4G or 5G backup router keeps the whole office online during a fault.",
      ],
    },
    {
      question: "Can you find broadband for my home?",
      answer: ["Yes. Choose Home in the box at the top of the page and we will look for home broadband deals instead."],
    },
  ],
  related: ["/business-phones/", "/take-card-payments/", "/business-energy/"],
};

export default content;
