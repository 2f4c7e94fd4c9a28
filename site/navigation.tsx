/**
 * Moving to another page of the site, for the parts that also run on their own, without the router (the quote
 * form and the cookie settings on a quote page's first load): inside the app it is the router's navigation
 * (fullApp.tsx); on its own, it hands the page to the app (quoteIsland.tsx); with neither, a plain page load.
 * Nothing here imports the router, so those parts load without it.
 */
import { createContext, use, type AnchorHTMLAttributes, type MouseEvent } from "react";

export type SiteNavigate = (path: string) => void;

export const NavigationContext = createContext<SiteNavigate>((path) => location.assign(path));

export function useSiteNavigate(): SiteNavigate {
  return use(NavigationContext);
}

/** A link to a page of the site: a plain left click moves within the app (or hands the page to it). */
export function SiteLink({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useSiteNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} data-discover="true" {...rest} onClick={follow} />;
}
