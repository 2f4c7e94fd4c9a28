import { Link } from "react-router";
import { JsonLd } from "../components/JsonLd";
import { SITE_URL } from "../config";
import type { Crumb } from "../siteMap";

/** The trail to this page, and the same as schema.org BreadcrumbList JSON-LD for search engines. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: SITE_URL + crumb.path,
    })),
  };
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs container">
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.path}>
              <Link to={crumb.path}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
      <JsonLd data={jsonLd} />
    </nav>
  );
}
