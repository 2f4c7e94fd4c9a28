import { Fragment } from "react";
import { Link } from "react-router";

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Text with links written `[label](/path)`: site paths become router links, other addresses open in a new tab. */
export function RichText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    parts.push(text.slice(last, match.index));
    parts.push(
      href.startsWith("/") ? (
        <Link key={match.index} to={href}>
          {label}
        </Link>
      ) : href.startsWith("mailto:") ? (
        <a key={match.index} href={href}>
          {label}
        </a>
      ) : (
        <a key={match.index} href={href} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
