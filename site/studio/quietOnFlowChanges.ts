/**
 * The preview reloads its pages when the forms folder changes (a studio save among the changes) and shows the
 * flows' errors over them. The studio holds its drafts, its history and its findings itself, so it asks the
 * preview to leave it alone.
 */
import { FLOWS_QUIET_EVENT } from "./flowsQuietEvent";

import.meta.hot?.send(FLOWS_QUIET_EVENT);
