import type { Tx } from "../../db/client.ts";
import type { bizMonitor, bizMonitorIncident } from "../../db/schema.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { ownerRecipient } from "../mail/owner-recipient.ts";
import { reasonText } from "./monitor-reasons.ts";

type MonitorRow = typeof bizMonitor.$inferSelect;
type IncidentRow = typeof bizMonitorIncident.$inferSelect;

/** "Down" to the customer, once per incident, in the transaction that opens it. */
export async function mailMonitorDown(
  deps: { mail: MailOutbox },
  tx: Tx,
  monitor: MonitorRow,
  incident: IncidentRow,
  reason: string,
): Promise<void> {
  const owner = await ownerRecipient(tx, monitor, "/control/monitors");
  if (!owner) return;
  await deps.mail.enqueue(tx, {
    siteId: monitor.siteId,
    event: "monitor_down",
    language: owner.language,
    to: owner.to,
    timeZone: owner.timeZone,
    key: `monitor-down-${incident.incidentId}`,
    values: {
      name: owner.name,
      monitor: monitor.name,
      url: monitor.url,
      since: { at: incident.startedAt },
      reason: reasonText(reason, owner.language),
      link: owner.link,
    },
  });
}

/** "Up again" to the customer, once per incident, in the transaction that closes it. */
export async function mailMonitorUp(
  deps: { mail: MailOutbox },
  tx: Tx,
  monitor: MonitorRow,
  incident: IncidentRow,
  at: Date,
): Promise<void> {
  const owner = await ownerRecipient(tx, monitor, "/control/monitors");
  if (!owner) return;
  await deps.mail.enqueue(tx, {
    siteId: monitor.siteId,
    event: "monitor_up",
    language: owner.language,
    to: owner.to,
    timeZone: owner.timeZone,
    key: `monitor-up-${incident.incidentId}`,
    values: {
      name: owner.name,
      monitor: monitor.name,
      url: monitor.url,
      since: { at: incident.startedAt },
      minutes: String(Math.max(1, Math.round((at.getTime() - incident.startedAt.getTime()) / 60_000))),
      link: owner.link,
    },
  });
}
