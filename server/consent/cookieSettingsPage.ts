/** Cookie settings without JavaScript: the popup's choices as a plain form, for a visitor whose scripts do not run. */
import { escapeHtml, plainPage } from "../plainPage";

/** The settings to show: the recorded choice, or both on (the popup's defaults), and where to go back to. */
export interface CookieSettingsPageOptions {
  analytics: boolean;
  marketing: boolean;
  returnPath: string;
}

function toggle(name: string, label: string, description: string, on: boolean): string {
  return `<p><label><input type="checkbox" name="${name}" value="1"${on ? " checked" : ""}> ${label}</label><br>${description}</p>`;
}

/** The page: a switch per kind of cookie, Save &amp; Close, Reject and Accept All, and a way back without saving. */
export function cookieSettingsPage({ analytics, marketing, returnPath }: CookieSettingsPageOptions): string {
  const back = escapeHtml(returnPath);
  return plainPage(
    "Cookie settings",
    `<h1>Cookie settings</h1>
<p>Choose which cookies we may use. Essential cookies keep the site working and cannot be switched off. <a href="/legal/privacy-policy/#cookies">Read our privacy policy</a></p>
<form method="post" action="/api/consent">
<input type="hidden" name="return" value="${back}">
<p><label><input type="checkbox" checked disabled> Essential</label><br>Remember your cookie choices and keep forms working. Always on.</p>
${toggle("analytics", "Analytics", "Count visits and show us which pages help people, so we can improve them.", analytics)}
${toggle("marketing", "Marketing", "Remember for 30 days which advert or campaign brought you here, and let advertising platforms measure our adverts.", marketing)}
<p><button type="submit" name="choice" value="save">Save &amp; Close</button> <button type="submit" name="choice" value="reject">Reject</button> <button type="submit" name="choice" value="accept">Accept All</button></p>
</form>
<p><a href="${back}">Back without saving</a></p>`,
  );
}
