/** A browser without scripts for server tests: it keeps its cookies, posts each step's form and follows nothing by itself. */
import type { FastifyInstance } from "fastify";
import { BROWSER_AGENT } from "./quoteVisits";

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

export class PlainBrowser {
  cookies = new Map<string, string>();
  /** The revision of the last form the server drew for this browser's quote. */
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

  /** Posts one step's form of a quote page, counting the revision on when the server takes it (303). */
  async post(page: string, step: string, form: Record<string, string>) {
    const response = await this.app.inject({
      method: "POST",
      url: `${page}${this.revision ? `${page.includes("?") ? "&" : "?"}step=${step}` : ""}`,
      headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", cookie: this.cookieHeader() },
      payload: new URLSearchParams({ _step: step, _rev: String(this.revision), ...form }).toString(),
      remoteAddress: this.remoteAddress,
    });
    this.keep(response.headers["set-cookie"]);
    if (response.statusCode === 303) this.revision += 1;
    return response;
  }

  async get(url: string) {
    const response = await this.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER_AGENT, cookie: this.cookieHeader() }, remoteAddress: this.remoteAddress });
    this.keep(response.headers["set-cookie"]);
    return response;
  }
}
