/** The success page's text with its placeholder tokens filled from the server's answer and the lead. */

export interface SuccessValues {
  buyers: ReadonlyArray<{ name: string; phone?: string }>;
  phone?: string;
  email?: string;
}

/** The spec's stop-searching line, with its tokens. */
export const STOP_SEARCHING_TEMPLATE =
  "You can stop searching now. {buyerCount} will be in touch on {leadPhone} or at {leadEmail} with your quotes.";

/** Offered beside the buyers' numbers. */
export const CONTACT_DIRECTLY_TEMPLATE = "If you would rather not wait, you can contact {buyers} directly:";

/** Fills {buyerCount}, {buyers}, {leadPhone}, {leadEmail} and {contactDirectly}; unknown tokens stay as they are. */
export function fillSuccessTokens(template: string, values: SuccessValues): string {
  const names = values.buyers.map((b) => b.name);
  const tokens: Record<string, string> = {
    buyerCount: buyerCount(names.length),
    buyers: listOf(names),
    leadPhone: values.phone || "the number you gave",
    leadEmail: values.email || "the e-mail address you gave",
    contactDirectly: names.length ? CONTACT_DIRECTLY_TEMPLATE.replace("{buyers}", listOf(names)) : "",
  };
  return template.replace(/\{(\w+)\}/g, (match, name: string) => tokens[name] ?? match);
}

function buyerCount(count: number): string {
  if (count === 0) return "Our team";
  if (count === 1) return "One specialist partner";
  return `${count} specialist partners`;
}

/** "A", "A and B", "A, B and C". */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
