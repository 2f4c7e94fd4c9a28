/**
 * Vite plugin: adds Google Tag Manager (VITE_GTM_ID) and a speed-insight script (VITE_SPEED_INSIGHTS_SRC) to
 * every page, only when configured. Tag Manager goes right after the consent-mode defaults in index.html, so it
 * always starts with consent denied until the visitor chooses. There is deliberately no <noscript> iframe:
 * without JavaScript there is no consent banner, so nothing may load. The preview's own tools (the flow studio,
 * site/studio/index.html) are not the site's pages and get no tags.
 */
import type { Plugin } from "vite";

const MARKER = "<!--tag-manager-->";
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The Tag Manager loader for a container id (Google's snippet, unchanged in effect). */
export function tagManagerSnippet(id: string): string {
  if (!GTM_ID.test(id)) throw new Error(`VITE_GTM_ID: "${id}" is not a Tag Manager container id (like GTM-AB12CD3)`);
  return (
    `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":new Date().getTime(),event:"gtm.js"});` +
    `var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;` +
    `j.src="https://www.googletagmanager.com/gtm.js?id="+i;f.parentNode.insertBefore(j,f)})` +
    `(window,document,"script","dataLayer",${JSON.stringify(id)});</script>`
  );
}

export function tagManagerPlugin(): Plugin {
  let env: Record<string, string | undefined> = {};
  return {
    name: "tag-manager",
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml(html, { filename }) {
      if (/[\\/]site[\\/]studio([\\/]|$)/.test(filename)) return html;
      if (!html.includes(MARKER)) throw new Error(`site/index.html: the ${MARKER} marker is missing`);
      const tags: string[] = [];
      if (env.VITE_GTM_ID) tags.push(tagManagerSnippet(env.VITE_GTM_ID));
      if (env.VITE_SPEED_INSIGHTS_SRC) tags.push(`<script defer src="${encodeURI(env.VITE_SPEED_INSIGHTS_SRC)}"></script>`);
      return html.replace(MARKER, tags.join("\n    "));
    },
  };
}
