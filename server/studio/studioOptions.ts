/** What the studio's routes are given: the forms folder, the schema check, and whom to tell of a save. */
import type { SchemaCheck } from "../../engine/core/types";

export interface StudioOptions {
  /** The forms folder the preview serves, absolute. */
  formsDir: string;
  check: SchemaCheck;
  /** Called with the files a save wrote (absolute paths), so the preview reads its flows again at once. */
  saved?: (files: string[]) => void;
}
