/**
 * The words of the results pages, each explained in one sentence a newcomer understands, with the section of the
 * analysts' guide (docs/analysts.md, served at /analysts/guide/) that says more.
 */
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";
import { GUIDE_PATH } from "../../engine/studio/analystsHeader";

export { GUIDE_PATH };

/** A term: its name on the page, its sentence, and the guide's heading id. */
interface Term {
  name: string;
  sentence: string;
  section: string;
}

/** Every term the results pages use. */
export const TERMS = {
  test: { name: "test", sentence: "A test shows different versions of a flow's questions to different visitors, and compares what they do.", section: "the-results-page" },
  control: { name: "control", sentence: "The control is the version every other version is compared with: the one visitors get by default.", section: "the-results-page" },
  visits: { name: "visits", sentence: "A visit is one browser's stay on the flow's page (it keeps its version for 30 days); previews, test visits and bots are never counted.", section: "visits-and-leads" },
  settled: { name: "settled", sentence: "A visit has settled once its buyers have had time to answer: it was shown the flow longer ago than the settling window, and its lead is not still being delivered. Money is counted on settled visits only, so a version whose buyers answer slowly is not judged worse meanwhile.", section: "settled-visits" },
  pending: { name: "pending", sentence: "Pending visits have not settled yet: they are left out of accepted leads and value per visit until they do.", section: "settled-visits" },
  value: { name: "value per visit", sentence: "Value per visit is what buyers paid for the settled visits' leads, shared over all settled visits, those with no lead included.", section: "visits-and-leads" },
  leadOutcomes: { name: "what became of the leads", sentence: "Only an accepted lead earns money: a duplicate repeats a lead already sent, a rejected one was turned down by every buyer, one routed to no buyer found none that takes it, and one still being delivered has not had its answer.", section: "what-became-of-the-leads" },
  plan: { name: "planned visits", sentence: "The planned visits per version are how many each version needs before a difference of the size you care about can be seen.", section: "plan-how-many-visitors-you-need" },
  period: { name: "period", sentence: "A period is the time since the flow's traffic (its weights, control or how the test is decided) or versions last changed: figures from before a change are kept apart, so they are never mixed.", section: "the-results-page" },
  splitCheck: { name: "traffic split check", sentence: "The traffic split check (a chi-square test) asks whether visitors arrived in the shares the split asks for; when they did not, something is steering visitors and no figure can be trusted.", section: "when-the-traffic-split-is-broken" },
  intervals: { name: "intervals and p", sentence: "A 95% interval is the range of true figures that fit what was seen; p is how surprising the difference would be if the versions were the same (small p: a real difference). Holm's p allows for comparing several versions at once.", section: "intervals-and-p-values" },
  anytime: { name: "anytime interval", sentence: "The anytime interval (a confidence sequence) stays right however often you look, so you may look every day: a version is only called better or worse when it leaves out zero.", section: "intervals-and-p-values" },
  guardrail: { name: "guardrail", sentence: "A guardrail is a figure a version must not lose more than a set share of while winning on the decision metric (by default leads, at most 5%).", section: "the-decision" },
  leftOut: { name: "visits left out", sentence: "Some visits are served the flow but never counted: those from an internet address that started more new visits than its limit (often a bot or a shared office), and visitors who turned off analytics cookies or send Global Privacy Control.", section: "visits-left-out" },
  segments: { name: "segments", sentence: "Segments split the decision metric by device and by where visitors came from: a difference in one segment alone is a lead to follow, not a decision.", section: "segments" },
  overTime: { name: "day by day", sentence: "Day by day shows the difference as it built up; it steadies as visits come in.", section: "day-by-day" },
  steps: { name: "steps reached", sentence: "Steps reached shows how many visits got to each question, and where they stopped.", section: "the-results-page" },
} as const satisfies Record<string, Term>;

export type TermKey = keyof typeof TERMS;

/** A link to a term's section of the guide. */
export function termLink(key: TermKey, text: string = TERMS[key].name): string {
  return `<a href="${GUIDE_PATH}#${TERMS[key].section}">${esc(text)}</a>`;
}

/** The term explained in place: its sentence and a link to more, as a muted paragraph. */
export function termNote(key: TermKey): string {
  return `<p style="color:#505a63;margin:.25rem 0 .75rem">${esc(TERMS[key].sentence)} <a href="${GUIDE_PATH}#${TERMS[key].section}">More on ${esc(TERMS[key].name)}</a>.</p>`;
}
