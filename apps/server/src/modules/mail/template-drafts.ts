import { randomUUID } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysMailPreview, sysUser } from "../../db/schema.ts";
import { BadRequestError } from "../../http/errors.ts";
import type { MailEvent } from "./mail-texts.ts";
import type { MailOutbox, MailRequest } from "./outbox.ts";

/** How long a draft's rendering can be opened (the console opens it at once, in a frame). */
const PREVIEW_TTL_MS = 60_000;

/** Keeps a draft's rendering for a minute under a random id (expired ones go); answers the id. */
export async function keepDraftPreview(db: Db, html: string, now: Date): Promise<string> {
  const previewId = randomUUID();
  await db.delete(sysMailPreview).where(lt(sysMailPreview.expiresAt, now));
  await db.insert(sysMailPreview).values({ previewId, html, expiresAt: new Date(now.getTime() + PREVIEW_TTL_MS) });
  return previewId;
}

/** A kept draft's rendering while it lasts; null once expired or unknown. */
export async function draftPreview(db: Db, previewId: string, now: Date): Promise<string | null> {
  const [row] = await db.select().from(sysMailPreview).where(eq(sysMailPreview.previewId, previewId));
  return row && row.expiresAt >= now ? row.html : null;
}

/** A draft mailed to the operator's own address (400 email_missing without one); answers the address. */
export async function mailDraftToSelf<E extends MailEvent>(
  db: Db,
  mail: MailOutbox,
  userId: number,
  draft: Omit<MailRequest<E>, "to">,
): Promise<string> {
  const [me] = await db.select({ email: sysUser.email }).from(sysUser).where(eq(sysUser.userId, userId));
  if (!me?.email) throw new BadRequestError("email_missing");
  await db.transaction(async (tx) => {
    await mail.enqueue(tx, { ...draft, to: me.email });
  });
  return me.email;
}
