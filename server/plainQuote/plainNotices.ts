/** What the visitor is told when a form without scripts cannot be taken. */
export const PLAIN_NOTICES = {
  changed: "Your answers could not be checked, so nothing was saved. Please start again.",
  ended: "Your answers are no longer saved (they are kept for a day, and only while cookies are allowed). Nothing was saved from that page. Please start again.",
  movedOn: "That page was out of date, so nothing was saved from it. You are back where you left off.",
  sent: "Your details have already been sent, so nothing was saved from that page.",
  otherSite: "This form was sent from another website, so nothing was saved.",
} as const;
