/** A service's partners and the phone status, from GET /api/partners: asked once per service per page visit. */

/** What GET /api/partners answers. */
export interface PartnersReply {
  partners: Array<{ name: string; phone: string }>;
  /** Whether the phone lines are open now, by the site's opening hours. */
  open: boolean;
}

const replies = new Map<string, Promise<PartnersReply>>();

/** The partners of a service; a failed request is forgotten, so the next asks again. */
export function partnersOf(service: string): Promise<PartnersReply> {
  let reply = replies.get(service);
  if (!reply) {
    reply = fetch(`/api/partners?service=${encodeURIComponent(service)}`, { headers: { accept: "application/json" } }).then((r) =>
      r.ok ? (r.json() as Promise<PartnersReply>) : { partners: [], open: false },
    );
    reply.catch(() => replies.delete(service));
    replies.set(service, reply);
  }
  return reply;
}
