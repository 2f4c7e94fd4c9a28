/**
 * The lead pipeline's fixtures: a buyers file pointing at a local receiver, small quote flows for the
 * services whose response codes differ, and submissions for them.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Buyer, BuyersFile } from "../../../schemas/generated/buyers";

/** The one signing secret every test buyer shares, as the server reads it. */
export const TEST_SECRETS = { TEST_BUYER_SECRET: "test-signing-secret" };

/** A contact-form flow per service the tests route; ids are fixture-<service>. */
export const FIXTURE_SERVICES = [
  "business-energy",
  "take-card-payments",
  "home-solar",
  "business-solar",
  "business-waste",
  "business-broadband",
  "home-water",
] as const;

/** The consent wording of the fixture flows. */
export const FIXTURE_CONSENT = "By selecting Send you agree that we may pass your details to the partners named above.";

function buyer(key: string, id: Buyer["id"], name: string, services: Buyer["services"], url: string, extra: Partial<Buyer> = {}): Buyer {
  return {
    key,
    id,
    name,
    services,
    leadType: "generic",
    model: { type: "cp", price: 10 },
    dailyCap: 1000,
    phone: "0113 496 0999",
    delivery: { url: `${url}/leads/${key}`, secretEnv: "TEST_BUYER_SECRET", hours: "always" },
    ...extra,
  };
}

/** The test buyers, all delivering to `url`; `edit` may change them before they are written. */
export function testBuyers(url: string): Buyer[] {
  return [
    buyer("day-energy", "2", "Daylight Energy", ["business-energy"], url, { successCode: "5", takesLeads: "inOpeningHours", phone: "0113 496 0502" }),
    buyer("second-energy", "3", "Second Energy", ["business-energy"], url, { successCode: "5", takesLeads: "inOpeningHours", phone: "0161 496 0503" }),
    buyer("night-energy", "5", "Nightshift Energy", ["business-energy"], url, { leadType: "exclusive", successCode: "8", takesLeads: "outOfHours", phone: "020 7946 0505" }),
    buyer("payments", "9", "Test Payments", ["take-card-payments"], url, { successCode: "6", model: { type: "rs" } }),
    buyer("home-solar", "7", "Test Home Solar", ["home-solar"], url, { leadType: "exclusive", successCode: "7" }),
    buyer("business-solar", "12", "Test Business Solar", ["business-solar"], url, { leadType: "exclusive", successCode: "9" }),
    buyer("waste", "15", "Test Waste", ["business-waste"], url, { successCode: "10" }),
    buyer("broadband", "18", "Test Broadband", ["business-broadband"], url),
    // Id 17 is two buyers told apart by service, as in the real file.
    buyer("water-business", "17", "Water Business", ["business-water"], url),
    buyer("water-home", "17", "Water Home", ["home-water"], url, { dailyCap: 1 }),
  ];
}

/** Every test buyer's name, the consent a page would send naming all of them. */
export function allBuyerNames(url = "http://127.0.0.1:1"): string[] {
  return testBuyers(url).map((b) => b.name);
}

/** Writes a buyers file and returns its path. */
export async function writeBuyersFile(dir: string, buyers: Buyer[], extra: Partial<BuyersFile> = {}): Promise<string> {
  const file = path.join(dir, "buyers.json");
  await writeFile(file, JSON.stringify({ notice: "Test buyers: they deliver to a receiver on this machine.", buyers, ...extra }, null, 2));
  return file;
}

/**
 * The environment of a server process on the fixture flows, delivering to the receiver at `receiverUrl` at any
 * hour, with no fill time or rate limit in the way; `dir` takes its files.
 */
export async function fixtureServerEnv(dir: string, receiverUrl: string): Promise<Record<string, string>> {
  return {
    SITE_DIR: path.join(dir, "no-site"),
    FORMS_DIR: await writeFixtureForms(dir),
    BUYERS_FILE: await writeBuyersFile(dir, testBuyers(receiverUrl)),
    ...TEST_SECRETS,
    OPENING_HOURS: "always",
    MIN_FILL_MS: "0",
    RATE_LIMIT_MAX: "100000",
  };
}

/**
 * Writes a contact-form flow per fixture service and returns the forms folder. The fixtures stand
 * alone, so the real forms can change without moving these tests.
 */
export async function writeFixtureForms(dir: string): Promise<string> {
  const formsDir = path.join(dir, "forms");
  await mkdir(formsDir, { recursive: true });
  for (const service of FIXTURE_SERVICES) {
    const id = `fixture-${service}`;
    await mkdir(path.join(formsDir, id));
    await writeFile(path.join(formsDir, id, "v1.json"), JSON.stringify(contactFlow(id, service)));
  }
  return formsDir;
}

function contactFlow(id: string, serviceType: string) {
  return {
    id,
    path: id,
    version: 1,
    // Flows made by tests carry the spec's test product type.
    productType: "test",
    serviceType,
    title: `Fixture ${serviceType}`,
    start: "contact",
    steps: [
      {
        id: "contact",
        kind: "form",
        question: "Where should we send your quotes?",
        fields: ["customerName", "phone", "email", "postcode"],
        submit: true,
        consentText: FIXTURE_CONSENT,
        next: "done",
      },
      { id: "done", kind: "success" },
    ],
  };
}

/** A lead for a fixture service, naming every test buyer; override answers or envelope keys. */
export function fixtureLead(service: (typeof FIXTURE_SERVICES)[number], answers: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  return {
    flowId: `fixture-${service}`,
    version: 1,
    answers: { customerName: "Sam Okafor", phone: "020 7946 0000", email: "sam@example.com", postcode: "M1 1AE", ...answers },
    contactConsent: { wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-01", buyers: allBuyerNames() },
    ...envelope,
  };
}
