import type { SlaState, TicketPriority, TicketStatus } from "@rampart/contracts";

/** A ticket's status, as a tag's colour. */
export const STATUS_COLOURS: Record<TicketStatus, string> = {
  open: "blue",
  answered: "green",
  on_hold: "gold",
  closed: "default",
};

export const PRIORITY_COLOURS: Record<TicketPriority, string> = {
  low: "default",
  normal: "blue",
  high: "orange",
  urgent: "red",
};

/** Where a due time stands, as a tag's colour: green, amber as it nears, red once passed. */
export const SLA_COLOURS: Record<SlaState, string> = {
  met: "green",
  ok: "blue",
  near: "orange",
  breached: "red",
  none: "default",
};
