import {
  APPLY_FIELDS,
  type ApplyBody,
  type ApplyField,
  type ApplyProblem,
  applyProblems,
  type Language,
  type SiteRecord,
} from "@rampart/contracts";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizLead } from "../../db/schema.ts";
import { emailVerificationOn } from "../auth/email-verification.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { salesAlertRecipients } from "../sites/sales-addresses.ts";

/** At most this many submissions per client address per minute (counted in the database). */
export const LEADS_PER_MINUTE = 5;

export interface LeadContext {
  site: SiteRecord | null;
  language: Language;
  ip: string;
  userAgent: string;
  now: Date;
  /** Mail the site's sales addresses an alert and the applicant an acknowledgment (with the lead). */
  mail?: { outbox: MailOutbox; consoleOrigin: (siteId: number | null) => Promise<string> };
}

export type LeadResult =
  | { ok: true; leadId: number }
  | { ok: false; reason: "invalid"; problems: Partial<Record<ApplyField, ApplyProblem>> }
  | { ok: false; reason: "too-many" };

/**
 * Stores an apply/contact submission as a lead, with the product, site, agent code, language,
 * address and browser it came from. The same rules as the page; at most five per address per
 * minute, counted in the database so that every server process agrees.
 */
export async function submitLead(db: Db, input: ApplyBody, context: LeadContext): Promise<LeadResult> {
  const fields = Object.fromEntries(APPLY_FIELDS.map((f) => [f, String(input[f] ?? "")])) as Record<ApplyField, string>;
  const problems = applyProblems(fields, input.kind ?? "apply");
  if (Object.keys(problems).length > 0) return { ok: false, reason: "invalid", problems };
  const since = new Date(context.now.getTime() - 60_000);
  const recentFrom = (db: Db | Tx) =>
    db
      .select({ n: count() })
      .from(bizLead)
      .where(and(eq(bizLead.ip, context.ip), gt(bizLead.createdAt, since)));
  // Refused at once when over, without waiting for the lock (a flood from one address must not
  // hold the database's connections); counted again under it.
  const [already] = await recentFrom(db);
  if (Number(already?.n ?? 0) >= LEADS_PER_MINUTE) return { ok: false, reason: "too-many" };
  const consoleOrigin = context.mail ? await context.mail.consoleOrigin(context.site?.siteId ?? null) : "";
  const row = await db.transaction(async (tx) => {
    // One address's submissions one after the other, on every process: the count and the insert
    // are one step, so a burst at once cannot slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${context.ip}`}))`);
    const [recent] = await recentFrom(tx);
    if (Number(recent?.n ?? 0) >= LEADS_PER_MINUTE) return null;
    const [inserted] = await tx
      .insert(bizLead)
      .values({
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        address: fields.address.trim(),
        content: fields.content.trim(),
        product: input.product ?? "",
        siteId: context.site?.siteId ?? null,
        agentCode: context.site?.agentCode ?? "",
        language: context.language,
        ip: context.ip,
        userAgent: context.userAgent.slice(0, 500),
        createdAt: context.now,
      })
      .returning({ leadId: bizLead.leadId });
    if (context.mail) await mailLead(tx, context.mail.outbox, fields, input.product ?? "", context, consoleOrigin);
    return inserted;
  });
  if (!row) return { ok: false, reason: "too-many" };
  return { ok: true, leadId: row.leadId };
}

/**
 * With the lead, in its transaction: an alert to each of the site's sales addresses, else its
 * administrators' (sites/sales-addresses.ts; with a link to
 * Business → Leads on the site's console domain) and, when the applicant gave an e-mail address,
 * an acknowledgment in their language. The alert is written in the lead's language too: a bare
 * sales address has no language of its own.
 */
async function mailLead(
  tx: Tx,
  outbox: MailOutbox,
  fields: Record<ApplyField, string>,
  product: string,
  context: LeadContext,
  consoleOrigin: string,
): Promise<void> {
  const siteId = context.site?.siteId ?? null;
  const contact = [fields.email.trim(), fields.phone.trim()].filter(Boolean).join(" · ");
  const name = fields.name.trim();
  const confirmedOnly = await emailVerificationOn(tx);
  for (const to of await salesAlertRecipients(tx, siteId, { confirmedOnly })) {
    await outbox.enqueue(tx, {
      siteId,
      event: "lead_alert",
      language: context.language,
      to,
      values: {
        name,
        contact,
        product: product || "—",
        content: fields.content.trim(),
        link: `${consoleOrigin}/business/lead`,
      },
    });
  }
  if (fields.email.trim()) {
    await outbox.enqueue(tx, {
      siteId,
      event: "lead_received",
      language: context.language,
      to: fields.email.trim(),
      values: { name, contact },
    });
  }
}
