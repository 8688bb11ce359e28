import {
  APPLY_FIELDS,
  type ApplyBody,
  type ApplyField,
  type ApplyProblem,
  applyProblems,
  type Language,
  type SiteRecord,
} from "@rampart/contracts";
import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizLead } from "../../db/schema.ts";

/** At most this many submissions per client address per minute (counted in the database). */
export const LEADS_PER_MINUTE = 5;

export interface LeadContext {
  site: SiteRecord | null;
  language: Language;
  ip: string;
  userAgent: string;
  now: Date;
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
  const [recent] = await db
    .select({ n: count() })
    .from(bizLead)
    .where(and(eq(bizLead.ip, context.ip), gt(bizLead.createdAt, since)));
  if (Number(recent?.n ?? 0) >= LEADS_PER_MINUTE) return { ok: false, reason: "too-many" };
  const [row] = await db
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
  return { ok: true, leadId: row!.leadId };
}
