import type { LandingContent } from "../types";

const content: LandingContent = {
  serviceName: "business phones",
  description:
    "Business phone systems and VoIP: keep your numbers, move off copper lines before they close, and compare hosted systems and call plans. Free quotes.",
  heading: "Business phone systems for the digital switchover",
  intro:
    "The UK's old copper phone network is closing, and business lines are moving to internet calling (VoIP). Use the move to get a phone system that follows your team wherever they work. Tell us your postcode and we will match you with providers.",
  quickStart: { kind: "postcode", flow: "business-broadband", placeholder: "Enter your business postcode..." },
  highlights: ["Keep your existing numbers", "Calls on desk phones, mobiles and laptops", "Phones and broadband on one contract"],
  sections: [
    {
      id: "switch-off",
      heading: "The copper switch-off",
      blocks: [
        "Openreach is retiring the public switched telephone network (PSTN) that traditional landlines use, with the switch-off due to finish by January 2027. After that, calls travel over broadband.",
        "Check what else uses a phone line: alarm systems, lift emergency phones, door entry, fax machines and older card terminals. Tell your provider about each one so it keeps working after the move.",
      ],
    },
    {
      id: "hosted-systems",
      heading: "How a hosted phone system works",
      blocks: [
        "With a hosted (cloud) system, your provider runs the telephone exchange in its data centres. Your team makes and takes calls on desk phones, a mobile app or a laptop, in the office or anywhere with a connection.",
        {
          list: [
            "Call routing and ring groups, so calls reach someone who is free",
            "Voicemail to e-mail and call recording",
            "Opening-hours messages and call queues",
            "Users added or removed in minutes, usually paid for per user per month",
          ],
        },
      ],
    },
    {
      id: "what-you-need",
      heading: "What you will need",
      blocks: [
        {
          list: [
            "A reliable broadband connection: each call uses a small, steady amount of bandwidth, so stability matters more than headline speed",
            "Handsets or headsets, or the provider's app",
            "A way to make emergency calls in a power cut, such as a mobile phone or a battery backup, especially for anyone who relies on their landline",
          ],
        },
      ],
    },
  ],
  faqs: [
    {
      question: "Can we keep our phone numbers?",
      answer: [
        "Yes. Geographic and non-geographic numbers can be moved (ported) to a new provider, and the new system can be set up before the move so that there is no gap.",
      ],
    },
    {
      question: "How much bandwidth do internet calls need?",
      answer: [
        "A common rule of thumb is about 100 kbps per call in each direction. A provider will check your connection can carry the number of calls you make at the same time.",
      ],
    },
    {
      question: "Do we have to change before the switch-off date?",
      answer: [
        "Lines are being moved over in stages before the deadline. Changing on your own timetable lets you choose the system and avoids a rushed move.",
      ],
    },
    {
      question: "Can we get broadband and phones together?",
      answer: ["Yes. Most providers sell both, and one contract means one support line. See [business broadband](/business-broadband/)."],
    },
  ],
  related: ["/business-broadband/", "/take-card-payments/"],
};

export default content;
