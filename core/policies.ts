/** Who may do what: pure functions every data-changing service checks first. */

export interface Actor {
  id: string;
}

export function canCreateListing(actor: Actor | null | undefined): actor is Actor {
  return Boolean(actor?.id);
}
