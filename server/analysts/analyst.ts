/**
 * An analyst: a name, a password hash and a role. A reader reads results; an editor also keeps drafts and makes
 * preview links; a publisher also publishes and changes traffic. Each role may do all that the ones before it may.
 */

/** The roles, from the least to the most an analyst may do. */
export const ANALYST_ROLES = ["reader", "editor", "publisher"] as const;

/** What an analyst may do. */
export type AnalystRole = (typeof ANALYST_ROLES)[number];

/** One analyst as stored. */
export interface Analyst {
  name: string;
  /** `scrypt$N=…,r=…,p=…$salt$hash` (passwords.ts), never the password. */
  passwordHash: string;
  role: AnalystRole;
  /** When they were added (ISO 8601). */
  added: string;
}

/** A name: lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit, up to 64. */
export const ANALYST_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Why a name cannot be used, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  return ANALYST_NAME.test(name) ? undefined : `"${name}" is not an analyst's name: use lower-case letters, digits, ".", "-" or "_" (up to 64, starting with a letter or digit).`;
}

/** Whether `value` names a role. */
export function isAnalystRole(value: unknown): value is AnalystRole {
  return (ANALYST_ROLES as readonly unknown[]).includes(value);
}

/** Why a role cannot be used, or undefined when it can. */
export function roleProblem(role: string): string | undefined {
  return isAnalystRole(role) ? undefined : `"${role}" is not a role: use ${ANALYST_ROLES.join(", ")}.`;
}

/** Whether an analyst with role `held` may do what needs `needed`. */
export function roleAllows(held: AnalystRole, needed: AnalystRole): boolean {
  return ANALYST_ROLES.indexOf(held) >= ANALYST_ROLES.indexOf(needed);
}

/** "a reader", "an editor", "a publisher". */
export function aRole(role: AnalystRole): string {
  return `${role === "editor" ? "an" : "a"} ${role}`;
}
