import { COMPANY, CONTACT_EMAIL } from "../../businessDetails";
import { BRAND } from "../../config";
import type { LegalContent } from "../types";
import { PRIVACY_NOTICE_VERSION } from "./versions";

const registration = [
  `${BRAND} is a trading name of ${COMPANY.legalName}, a company registered in England and Wales${COMPANY.number ? ` (company number ${COMPANY.number})` : ""}.`,
  COMPANY.address ? `Our registered office is ${COMPANY.address}.` : "",
  COMPANY.icoNumber ? `We are registered with the Information Commissioner's Office under number ${COMPANY.icoNumber}.` : "",
]
  .filter(Boolean)
  .join(" ");

const content: LegalContent = {
  description: `What personal data ${BRAND} collects, the cookies and campaign details it uses, who receives your quote enquiry and how to use your data rights.`,
  heading: "Privacy policy",
  effective: PRIVACY_NOTICE_VERSION,
  intro: [
    `This policy explains what personal data ${BRAND} collects when you use this website, why we collect it, who we share it with, how long we keep it and the rights you have. It covers everything this site does; it does not cover the partners we introduce you to, who will give you their own privacy notices.`,
  ],
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        registration,
        `${COMPANY.legalName} is the controller of the personal data described here. Write to us about your data at [${CONTACT_EMAIL}](mailto:${CONTACT_EMAIL}).`,
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      blocks: [
        "When you ask for a quote, we collect:",
        {
          list: [
            "the answers you give in the quote form, such as the service you need, your monthly spend, your meter type, your card turnover or the kind of waste you produce",
            "your business name, your name, phone number and e-mail address, and your business address or postcode",
            "the version of the form you used, and the campaign details described below",
            "the wording of the consent shown beside the submit button, the partners named to you, and the date and time you submitted",
          ],
        },
        "When you subscribe to our newsletter, we collect your e-mail address, the wording you agreed to and the time.",
        "When you browse, our server records the method and page of each request (without its query string or your IP address) so that we can keep the site running and investigate faults.",
      ],
    },
    {
      id: "campaign-details",
      heading: "Campaign details",
      blocks: [
        "When you arrive from an advert or a link that carries campaign details in its address, we record:",
        {
          list: [
            "utm_source, utm_medium, utm_campaign and utm_content: the campaign, channel and advert that brought you here",
            "gclid, campaignid, adgroupid, creative, matchtype and keyword: the Google Ads click, campaign, ad group, advert, keyword match type and search keyword",
            "msclkid: the Microsoft Advertising click",
            "fcc: a partner's campaign code",
            "referrer: the address of the website that sent you here",
          ],
        },
        "Each value is kept for 30 days from when it was recorded, then discarded. If you allow marketing cookies, the values are kept in your browser's local storage, so a quote you ask for on a later visit is still credited to the right campaign. If you do not, they are kept only in the page's memory and are lost when you close or reload the page.",
        "When you submit a quote form, these values are sent with your enquiry, so that we know which campaign it came from. The Microsoft Advertising click is also passed to Google Tag Manager, when we use it, subject to your cookie choice.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and similar storage",
      blocks: [
        {
          table: {
            caption: "Cookies and storage this site uses",
            head: ["Name", "Type", "Purpose", "How long"],
            rows: [
              [
                "_sp_consent_chosen",
                "Essential cookie",
                "Records that you have made a cookie choice, so the banner does not ask again",
                "1 year",
              ],
              ["_sp_analytics_on", "Essential cookie", "Records whether you allowed analytics cookies (1) or not (0)", "1 year"],
              ["_sp_marketing_on", "Essential cookie", "Records whether you allowed marketing cookies (1) or not (0)", "1 year"],
              [
                "utm_source, utm_medium, utm_campaign, utm_content, gclid, campaignid, adgroupid, creative, matchtype, keyword, fcc, msclkid, referrer",
                "Local storage, marketing",
                "The campaign details above, each under its own name, only if you allow marketing cookies",
                "30 days from each value",
              ],
              [
                "_sp_visit",
                "Statistics cookie (no consent needed; you can object)",
                "A random number for your visit, so you see the same version of each quote form and we can count fairly which version helps visitors best. It says nothing about who you are. It is set under the exception for statistics that improve our service (Data (Use and Access) Act 2025); turn analytics cookies off in the cookie settings, or use your browser's Global Privacy Control, to object: the cookie is then removed, you see our standard form and your visit is not counted",
                "30 days",
              ],
              [
                "quote:resume:…",
                "Session storage, essential",
                "Your answers in a quote form, so a reload does not lose them",
                "Until you close the tab or submit",
              ],
              [
                "_sp_quote",
                "Essential cookie",
                "Only if your browser runs no scripts on our quote forms: a random number for your session, so our server can keep the answers you have given between the form's pages (it keeps them for a day after your last change, then deletes them)",
                "Until you close your browser",
              ],
              [
                "quote:carry-over",
                "Session storage, essential",
                "Your details, when you go on to ask for quotes for another service",
                "Until the next form opens, or the tab closes",
              ],
              [
                "sp:test-mode",
                "Session storage, essential",
                "Marks a visit opened with our staff's testing link, so it is not counted",
                "Until you close the tab",
              ],
            ],
          },
        },
        "The essential cookies hold only your choice. We set nothing else before you choose.",
        "When we use Google Tag Manager, it starts with Google's consent mode set to deny analytics and advertising storage. Analytics cookies (such as Google Analytics) and advertising cookies (such as those of Google Ads and Microsoft Advertising) are only set if you allow them. Change your choice at any time from “Cookie settings” at the foot of every page.",
      ],
    },
    {
      id: "how-we-use",
      heading: "How we use your data, and our lawful bases",
      blocks: [
        {
          list: [
            "To get you the quotes you ask for, by passing your enquiry to the partners named to you: because you asked us to, before entering into a contract with them, and with your consent, given when you submit the form.",
            "To keep a record of each enquiry, who received it and what you agreed to, so that we can answer questions and complaints and show that we acted on your consent: our legitimate interests, and our legal obligations.",
            "To spot duplicate and fraudulent enquiries: our legitimate interest in passing partners only genuine enquiries.",
            "To send our newsletter: your consent, which you can withdraw with the unsubscribe link in every e-mail.",
            "To measure how the site is used and how our adverts perform: your consent, given through your cookie choice.",
            "To count how many visits reach each step of each quote form, so that we can make the forms easier: our legitimate interests. These are daily totals per form and step, with no cookie, identifier or IP address, and nothing you typed.",
          ],
        },
      ],
    },
    {
      id: "who-we-share-with",
      heading: "Who receives your enquiry",
      blocks: [
        "We pass a quote enquiry only to the partners named to you when you submit it, and only for the service you asked about. Depending on that service, they are:",
        {
          list: [
            "energy brokers and energy suppliers, for business and home energy",
            "card payment providers, such as Barclaycard Payments",
            "business waste collectors and brokers",
            "business water retailers",
            "broadband and business phone providers",
            "insurance brokers authorised by the Financial Conduct Authority",
            "solar panel installers",
            "energy suppliers and aggregators that buy the electricity you generate",
            "business credit card providers and business lenders",
          ],
        },
        "Where a quote form shows a partner's marketplace (for business credit cards, for example), the marketplace receives only your answers to the form's questions, never your name or contact details.",
        "Each partner becomes a controller of the data it receives and must handle it under its own privacy notice, which it will give you when it contacts you.",
        "We also use service providers who host this website and store our data on our instructions. If one of them stores data outside the UK, we make sure it is protected by UK adequacy regulations or the UK's approved contract clauses.",
        "We do not sell your data, and we do not give it to anyone for their own marketing without your consent.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      blocks: [
        {
          list: [
            "Quote enquiries, and the record of who received them: only as long as we need them for the purposes above and to meet our legal obligations, then deleted.",
            "Campaign details in your browser: 30 days from when each was recorded.",
            "Your cookie choice: 1 year, after which we ask again.",
            "Your newsletter subscription: until you unsubscribe.",
          ],
        },
        "If you ask us to erase your data, we delete your enquiries and keep only a one-way code made from your phone number or e-mail address, so that we do not contact you again.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        `You have the right to ask for a copy of your data, to have it corrected or erased, to restrict or object to how we use it, to receive it in a portable form, and to withdraw your consent at any time. Write to us at [${CONTACT_EMAIL}](mailto:${CONTACT_EMAIL}); we will answer within one month.`,
        "If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office at [ico.org.uk](https://ico.org.uk/make-a-complaint/) or on 0303 123 1113.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: ["When what we collect or who we share it with changes, we will update this page and the date at the top."],
    },
  ],
};

export default content;
