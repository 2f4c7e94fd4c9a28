/** The breadcrumb label of every quote page. */
export const QUOTE_CRUMB = "Get a quote";

/** A quote page's path: /quote/ for the chooser, /quote/<flow path>/ for the rest. */
export const quotePath = (flowPath: string) => `/quote/${flowPath ? `${flowPath}/` : ""}`;
