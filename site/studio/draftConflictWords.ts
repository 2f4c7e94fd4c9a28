/** When a colleague's save came, in words: "eddie saved this draft 2 minutes ago, at 23:40". */
import { spanInWords } from "./previewLinkWords";

export function savedInWords(editor: string, updatedAt: string, now: Date): string {
  const at = new Date(updatedAt);
  const ago = Math.max(0, now.getTime() - at.getTime());
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return `${editor} saved this draft ${ago < 60_000 ? "less than a minute" : spanInWords(ago)} ago, at ${time}`;
}
