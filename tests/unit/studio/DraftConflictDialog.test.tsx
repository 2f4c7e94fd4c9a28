// @vitest-environment jsdom
/** The dialog a colleague's save opens: who and when in words, both changes side by side, Keep both, and each change of yours re-applied or skipped, one at a time. */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FlowDocument } from "../../../engine/core/types";
import { DraftConflictDialog } from "../../../site/studio/DraftConflictDialog";
import type { ServerDraft } from "../../../site/studio/liveApi";

afterEach(cleanup);

HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
};

const base = { flow: "home-insurance", version: 2, title: "Home insurance", description: "First", steps: [{ id: "cover", type: "radio", question: "What cover?" }] } as unknown as FlowDocument;
const withQuestion = (question: string, description = "First") => ({ ...base, description, steps: [{ id: "cover", type: "radio", question }] }) as unknown as FlowDocument;
const savedAt = new Date("2026-12-01T23:40:03.415Z");
const theirs = (document: FlowDocument): ServerDraft => ({ id: "d", flow: "home-insurance", baseVersion: 1, revision: 3, createdBy: "pat", editor: "eddie", createdAt: savedAt.toISOString(), updatedAt: savedAt.toISOString(), document });
const now = new Date(savedAt.getTime() + 2 * 60_000 + 5_000);
const hhmm = savedAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

describe("the conflict dialog", () => {
  it("names the colleague and the time in words, shows both changes, and keeps both", async () => {
    const onDone = vi.fn();
    render(<DraftConflictDialog conflict={{ base, theirs: theirs(withQuestion("Which cover?")) }} mine={{ ...base, description: "Mine" } as FlowDocument} now={now} onDone={onDone} onCancel={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "Saved by a colleague while you were editing" });

    expect(dialog.textContent).toContain(`eddie saved this draft 2 minutes ago, at ${hhmm} (revision 3).`);
    expect(within(dialog).getByRole("region", { name: "eddie's change" }).textContent).toContain('step "cover" › question: "What cover?" → "Which cover?"');
    expect(within(dialog).getByRole("region", { name: "Your change" }).textContent).toContain('description: "First" → "Mine"');
    expect(within(dialog).queryByRole("note")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep both" }));

    expect(onDone).toHaveBeenCalledWith(withQuestion("Which cover?", "Mine"), "Kept both: eddie's save and yours");
  });

  it("does not join one property changed by both: it says why, then asks about it", async () => {
    const onDone = vi.fn();
    render(<DraftConflictDialog conflict={{ base, theirs: theirs(withQuestion("Which cover?")) }} mine={withQuestion("Your cover?", "Mine")} now={now} onDone={onDone} onCancel={() => undefined} />);

    expect(screen.getByRole("note").textContent).toContain('Both of you changed this property, so Keep both cannot join it:step "cover" › question');
    await userEvent.click(screen.getByRole("button", { name: "Keep both" }));
    const walk = screen.getByRole("dialog", { name: "Re-apply your changes" });
    expect(walk.textContent).toContain("Your change 1 of 1, on eddie's draft:");
    expect(walk.textContent).toContain('eddie changed it too: step "cover" › question: "What cover?" → "Which cover?"');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(within(walk).getByRole("button", { name: "Re-apply this change" }));

    expect(onDone).toHaveBeenCalledWith(withQuestion("Your cover?", "Mine"), "Kept both: eddie's save and yours");
  });

  it("takes theirs and walks every change of mine, one re-applied and one skipped", async () => {
    const onDone = vi.fn();
    render(<DraftConflictDialog conflict={{ base, theirs: theirs(withQuestion("Which cover?")) }} mine={withQuestion("Your cover?", "Mine")} now={now} onDone={onDone} onCancel={() => undefined} />);

    await userEvent.click(screen.getByRole("button", { name: "Take theirs, re-apply mine" }));
    expect(screen.getByRole("dialog", { name: "Re-apply your changes" }).textContent).toContain('Your change 1 of 2, on eddie\'s draft:description: "First" → "Mine"');
    await userEvent.click(screen.getByRole("button", { name: "Re-apply this change" }));
    expect(screen.getByRole("dialog", { name: "Re-apply your changes" }).textContent).toContain('Your change 2 of 2, on eddie\'s draft:step "cover" › question');
    await userEvent.click(screen.getByRole("button", { name: "Skip this change" }));

    expect(onDone).toHaveBeenCalledWith(withQuestion("Which cover?", "Mine"), "Took eddie's save, re-applied yours");
  });
});
