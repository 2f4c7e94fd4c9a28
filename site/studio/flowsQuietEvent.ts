/** The event a page sends (`import.meta.hot.send`) so that a change to the forms folder neither reloads it nor covers it with the flows' errors. */
export const FLOWS_QUIET_EVENT = "flow-checks:quiet";
