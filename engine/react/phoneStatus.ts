/** The spec's phone status words (SPEC §2): whether the phone lines are open now. The hours themselves are not shown. */
export const PHONE_STATUS = { open: "Open now", closed: "Currently closed" } as const;

/** A tel: link for a number as written ("0808 157 0102" → "tel:08081570102"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
