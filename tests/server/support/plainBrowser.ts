/** A browser without scripts for server tests of the plain quote, and the answers of business energy v1 up to its contact step. */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { BROWSER_AGENT } from "./quoteVisits";

/** A browser without scripts: it keeps its cookies, posts each step's form and follows nothing by itself. */
export class PlainBrowser {
  cookies = new Map<string, string>();
  /** Every address the server sent it to. */
  locations: string[] = [];
  /** The revision of the last form the server drew for this browser's quote, as `answer` counts it. */
  revision = 0;
  constructor(
    private readonly app: FastifyInstance,
    /** The client address its requests come from. */
    public remoteAddress = "203.0.113.10",
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method: "POST",
      url,
      headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", cookie: this.cookieHeader(), ...headers },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: this.remoteAddress,
    });
    this.keep(response.headers["set-cookie"]);
    if (response.headers.location) this.locations.push(String(response.headers.location));
    return response;
  }

  /** Posts one step's form of a quote page at the revision it counts, counting on when the server takes it (303). */
  async answer(page: string, step: string, form: Record<string, string>) {
    const url = `${page}${this.revision ? `${page.includes("?") ? "&" : "?"}step=${step}` : ""}`;
    const response = await this.post(url, { _step: step, _rev: String(this.revision), ...form });
    if (response.statusCode === 303) this.revision += 1;
    return response;
  }

  async get(url: string) {
    const response = await this.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER_AGENT, cookie: this.cookieHeader() }, remoteAddress: this.remoteAddress });
    this.keep(response.headers["set-cookie"]);
    return response;
  }
}

/** Business energy v1's page (the flow has other versions, drawn at random without `?v=`). */
export const BUSINESS_ENERGY_V1 = "/quote/business-energy/?v=1";

/** Business energy v1's answers from its first question to the address step, as plain forms (step, fields). */
export const UP_TO_ADDRESS: Array<[string, Record<string, string>]> = [
  ["utility", { utility: "both" }],
  ["spend", { spendString: "between1000And5000" }],
  ["meter", { hasHalfHourlyMeter: "no" }],
  ["contract", { contractExpiry: "within3Months" }],
  ["supplier", { currentSupplier: "edf" }],
];

/** Business energy v1's quote page. */
export const PLAIN_PAGE = "/quote/business-energy/";

/** The contact step's answers. */
export const PLAIN_CONTACT = { businessName: "Brightwell Print Studio", customerName: "Jane Q. Smith", phone: "0113 496 0000", email: "jane.smith@example.com" };

/** Answers business energy v1's questions up to the contact step, as the visitor would; returns the contact step's revision. */
export async function answerUpToContact(browser: PlainBrowser): Promise<number> {
  const steps: Array<[string, Record<string, string>]> = [
    ...UP_TO_ADDRESS,
    ["address", { postcode: "LS1 4DY", addressAction: "find" }],
    ["address", { postcode: "LS1 4DY", businessAddress: "demo-ls1-4dy-2" }],
  ];
  for (const [step, answers] of steps) expect((await browser.answer(BUSINESS_ENERGY_V1, step, answers)).statusCode).toBe(303);
  return browser.revision;
}
