/**
 * Reads the buyers file (schemas/buyers.schema.json) and checks what a schema cannot: unique keys
 * and names, a shared id only across different services, endpoints, hours and conditions.
 */
import { readFile } from "node:fs/promises";
import { conditionVars, isKnownOperator } from "../../engine/core/conditions";
import { createAjv } from "../../engine/node/validation";
import { isFieldKey } from "../../engine/core/fieldLibrary";
import buyersSchema from "../../schemas/buyers.schema.json";
import type { BuyersFile } from "../../schemas/generated/buyers";
import { ConfigFileError, displayPath } from "../displayPath";
import { parseOpeningHours } from "../hours/openingHours";
import { buyerDirectory, type Buyer, type BuyerDirectory, type ConfiguredBuyer } from "./buyerDirectory";

const DEFAULT_PRIORITY = 100;
const DEFAULT_MAX_GENERIC = 3;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Loads the buyers file; throws a ConfigFileError naming the file and each buyer at fault. */
export async function loadBuyers(file: string): Promise<BuyerDirectory> {
  const shown = displayPath(file);
  const doc = await readJson(file, shown);
  const validate = createAjv().compile<BuyersFile>(buyersSchema);
  if (!validate(doc)) {
    throw new ConfigFileError((validate.errors ?? []).map((e) => `${shown}: ${e.instancePath || "/"} ${e.message ?? "is invalid"}`));
  }
  const problems: string[] = [];
  const buyers = doc.buyers.map((buyer, index) => {
    const where = `${shown}: buyers[${index}] "${buyer.key}"`;
    problems.push(...buyerProblems(buyer, where));
    return configured(buyer, where, problems);
  });
  problems.push(...clashes(doc.buyers, shown));
  if (problems.length > 0) throw new ConfigFileError(problems);
  return buyerDirectory(buyers, doc.maxGenericBuyers ?? DEFAULT_MAX_GENERIC);
}

function configured(buyer: Buyer, where: string, problems: string[]): ConfiguredBuyer {
  let deliveryHours = parseOpeningHours("always", where);
  try {
    deliveryHours = parseOpeningHours(buyer.delivery.hours, `${where}: delivery.hours`);
  } catch (error) {
    problems.push((error as Error).message);
  }
  return { ...buyer, priority: buyer.priority ?? DEFAULT_PRIORITY, takesLeads: buyer.takesLeads ?? "anyTime", deliveryHours };
}

function buyerProblems(buyer: Buyer, where: string): string[] {
  const problems: string[] = [];
  let url: URL | undefined;
  try {
    url = new URL(buyer.delivery.url);
  } catch {
    problems.push(`${where}: delivery.url "${buyer.delivery.url}" is not a URL`);
  }
  // Leads are personal data: they travel over TLS, except to a receiver on this machine (tests).
  if (url && url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    problems.push(`${where}: delivery.url must use https (plain http only to this machine)`);
  }
  if (buyer.onlyWhen) {
    for (const variable of conditionVars(buyer.onlyWhen)) {
      if (!isFieldKey(variable)) problems.push(`${where}: onlyWhen reads unknown field "${variable}"`);
    }
    for (const operator of operatorsOf(buyer.onlyWhen)) {
      if (!isKnownOperator(operator)) problems.push(`${where}: onlyWhen uses unknown operator "${operator}"`);
    }
  }
  return problems;
}

/** Keys and names are unique; an id is shared only by buyers of different services (id 17). */
function clashes(buyers: Buyer[], shown: string): string[] {
  const problems: string[] = [];
  const seen = (pick: (b: Buyer) => string, what: string) => {
    const first = new Map<string, number>();
    buyers.forEach((buyer, index) => {
      const value = pick(buyer);
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, index);
      else problems.push(`${shown}: buyers[${index}] has the same ${what} as buyers[${earlier}]: "${value}"`);
    });
  };
  seen((b) => b.key, "key");
  seen((b) => b.name.trim().toLowerCase(), "name");
  buyers.forEach((buyer, index) => {
    buyers.slice(0, index).forEach((other, otherIndex) => {
      const shared = buyer.services.filter((s) => other.id === buyer.id && other.services.includes(s));
      if (shared.length > 0) {
        problems.push(
          `${shown}: buyers[${index}] "${buyer.key}" and buyers[${otherIndex}] "${other.key}" share id ${buyer.id} and service ${shared.join(", ")}; a shared id must be told apart by service`,
        );
      }
    });
  });
  return problems;
}

function operatorsOf(condition: unknown): string[] {
  if (Array.isArray(condition)) return condition.flatMap(operatorsOf);
  if (!condition || typeof condition !== "object") return [];
  return Object.entries(condition).flatMap(([operator, argument]) => [operator, ...(operator === "var" ? [] : operatorsOf(argument))]);
}

async function readJson(file: string, shown: string): Promise<unknown> {
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    throw new ConfigFileError([`${shown}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError([`${shown}: not valid JSON (${(error as Error).message})`]);
  }
}
