/** Installation-wide values the migrations made (keys for erasure hashes, start tokens, visit cookies and consent withdrawal links), read once per database. */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A setting the migrations make. */
export type SettingName = "erasure_hash_key" | "start_token_key" | "visit_cookie_key" | "consent_withdrawal_key";

const read = new WeakMap<Kysely<Database>, Map<SettingName, Promise<string>>>();

/** The setting's value; throws when the database is not migrated. */
export function appSetting(db: Kysely<Database>, name: SettingName): Promise<string> {
  let settings = read.get(db);
  if (!settings) read.set(db, (settings = new Map()));
  let value = settings.get(name);
  if (!value) {
    value = db
      .selectFrom("app_settings")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirstOrThrow(() => new Error(`app_settings has no ${name}: the database is not migrated`))
      .then((row) => row.value);
    value.catch(() => settings.delete(name));
    settings.set(name, value);
  }
  return value;
}
