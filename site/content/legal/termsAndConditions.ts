import { COMPANY, CONTACT_EMAIL } from "../../businessDetails";
import { BRAND } from "../../config";
import type { LegalContent } from "../types";
import { TERMS_VERSION } from "./versions";

const content: LegalContent = {
  description: `The terms for using ${BRAND}: what our free comparison and introduction service does, your part, partner quotes and offers, and our liability.`,
  heading: "Terms and conditions",
  effective: TERMS_VERSION,
  intro: [
    `These terms apply to your use of this website and of the comparison and introduction service we provide through it. By using the site you accept them. Please read them together with our [privacy policy](/legal/privacy-policy/).`,
  ],
  sections: [
    {
      id: "about-us",
      heading: "About us",
      blocks: [
        `This website is run by ${COMPANY.legalName}, trading as ${BRAND}, a company registered in England and Wales${COMPANY.number ? ` with company number ${COMPANY.number}` : ""}.${COMPANY.address ? ` Our registered office is ${COMPANY.address}.` : ""} You can contact us at [${CONTACT_EMAIL}](mailto:${CONTACT_EMAIL}).`,
      ],
    },
    {
      id: "our-service",
      heading: "Our service",
      blocks: [
        "We are a free comparison and introduction service. We collect your requirements and pass them to partners who can quote for the service you ask about. We tell you which partners will receive your enquiry when you submit it.",
        "We are not an energy supplier or broker, a payment provider, an insurer or insurance broker, a water retailer, a waste carrier, a broadband or phone provider, a lender or an installer, and we do not sell those services ourselves. We do not give financial, insurance or legal advice.",
        "Any contract you make is between you and the partner, on the partner's own terms. Read them before you agree.",
        "Our partners pay us for introductions. Using our service costs you nothing, and you are under no obligation to accept any quote.",
      ],
    },
    {
      id: "your-information",
      heading: "The information you give us",
      blocks: [
        {
          list: [
            "Give accurate information, so that partners can quote properly. A quote based on wrong information may change or be withdrawn.",
            "Only ask for quotes for a business you are authorised to act for, or for your own home.",
            "By submitting a quote form you ask us, and the partners named to you, to contact you by phone or e-mail about the service you asked about.",
          ],
        },
      ],
    },
    {
      id: "quotes-and-offers",
      heading: "Prices, quotes and offers",
      blocks: [
        "Prices shown on this site, such as typical unit rates, are a guide and not an offer. Only a partner's quote is an offer, and only on the partner's terms.",
        "Partner offers shown on this site are provided by the partner, are subject to its terms, and end on the date shown. After that date they are no longer available through us.",
      ],
    },
    {
      id: "using-the-site",
      heading: "Using this website",
      blocks: [
        "You must not submit false or misleading enquiries, submit enquiries automatically, use anyone else's details without their permission, or try to disrupt or gain unauthorised access to the site. We may refuse or remove enquiries that appear false, duplicated or abusive.",
        "We aim to keep the site available and accurate but cannot promise that it will always be available or free from errors. The information on it is general and is not advice for your circumstances; check anything important with the provider before you rely on it.",
      ],
    },
    {
      id: "liability",
      heading: "Our liability",
      blocks: [
        "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law.",
        "We are not responsible for the products, services, prices, advice or conduct of the partners you deal with; your contract with a partner sets out its responsibilities to you.",
        "If you use the site for a business, we are not liable for loss of profit, revenue, business or opportunity, or for any indirect loss.",
        "If you use the site as a consumer, these terms do not affect your legal rights.",
      ],
    },
    {
      id: "other-sites",
      heading: "Links to other websites",
      blocks: [
        "Links to partners and other websites are provided for your information. We do not control those sites and are not responsible for their content; links to partners are marked as sponsored.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      blocks: [
        `The content and design of this site belong to ${COMPANY.legalName} or its licensors. You may view and print pages for your own use, but not copy or republish them without our permission. Partner names and logos belong to their owners.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      blocks: [
        "We may update these terms. The version on this page, with its effective date at the top, applies each time you use the site.",
      ],
    },
    {
      id: "law",
      heading: "Law and disputes",
      blocks: [
        "These terms are governed by the law of England and Wales, and its courts may deal with any dispute. If you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      ],
    },
  ],
};

export default content;
