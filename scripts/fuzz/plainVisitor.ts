/** A visitor without scripts, over HTTP: it keeps its cookies and posts business energy v1's steps as plain forms. */
import type { Ledger } from "./ledger";
import type { FuzzResponse } from "./loopback";

/** A phone's browser: visits are counted only for browsers, not for bots. */
export const BROWSER_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Business energy v1's page. */
export const ENERGY_PAGE = "/quote/business-energy/";

/** Business energy v1's steps up to its contact step, as plain forms (step, fields); the address is looked up, then picked. */
export const ENERGY_STEPS: Array<[string, Record<string, string>]> = [
  ["utility", { utility: "both" }],
  ["spend", { spendString: "between1000And5000" }],
  ["meter", { hasHalfHourlyMeter: "no" }],
  ["contract", { contractExpiry: "within3Months" }],
  ["supplier", { currentSupplier: "edf" }],
  ["address", { postcode: "LS1 4DY", addressAction: "find" }],
  ["address", { postcode: "LS1 4DY", businessAddress: "demo-ls1-4dy-2" }],
];

/** The contact step's details for person `n` (made up; unique per `n`). */
export function contactOf(n: number): { businessName: string; customerName: string; phone: string; email: string } {
  return { businessName: "Fuzz Print Studio", customerName: `Fuzz Person${n}`, phone: `020 7${String(n % 10_000_000).padStart(7, "0")}`, email: `fuzz${n}@example.com` };
}

/** One browser at one client address. */
export class PlainVisitor {
  readonly cookies = new Map<string, string>();
  /** The revision of the last form drawn for this quote. */
  revision = 0;

  constructor(
    private readonly ledger: Ledger,
    private readonly origin: string,
    readonly from: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Posts `form` for `step` at `revision` (the current one unless given); keeps the cookies it is given. */
  async post(kind: string, step: string, form: Record<string, string>, revision = this.revision): Promise<FuzzResponse> {
    const url = `${ENERGY_PAGE}?v=1${revision ? `&step=${step}` : ""}`;
    const request = {
      method: "POST",
      path: url,
      from: this.from,
      headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", origin: this.origin, cookie: this.cookieHeader() },
      body: new URLSearchParams({ _step: step, _rev: String(revision), ...form }).toString(),
    } as const;
    const response = await this.ledger.hit(kind, request, false);
    for (const [name, value] of response.cookies) this.cookies.set(name, value);
    return response;
  }

  /** Answers the first `count` steps in turn; undefined when all were taken (303), else the step and answer that was not. */
  async answer(kind: string, count = ENERGY_STEPS.length): Promise<string | undefined> {
    for (const [step, form] of ENERGY_STEPS.slice(0, count)) {
      const { status } = await this.post(kind, step, form);
      if (status !== 303) return `the ${step} step was answered ${status}`;
      this.revision++;
    }
    return undefined;
  }
}
