import { LANGUAGES, type Language, NOTICE_DIGEST_MINUTES } from "@rampart/contracts";
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysNoticeMailOff, sysNotification, sysUser } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { NOTICE_KIND_WORDS } from "../mail/notification-mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { lockReaderKind } from "./notices.ts";

/** A digest names this many notices; the rest are counted ("and 3 more"). */
const ITEMS_NAMED = 20;

const MORE: Record<Language, (count: number) => string> = {
  en: (count) => `… and ${count} more`,
  "zh-CN": (count) => `……还有 ${count} 条`,
  "zh-TW": (count) => `……還有 ${count} 則`,
  id: (count) => `… dan ${count} lainnya`,
  vi: (count) => `… và ${count} thông báo khác`,
};

/**
 * The hour's digests (run every minute, once across processes): for each reader and kind whose
 * held notices have waited out the hour since that kind's last mail, one mail names them, and they
 * are marked digested. Each reader's kind in its own transaction, its held rows locked (a second
 * process skips them): a digest is sent once.
 */
export async function sendNoticeDigests({ db, mail, now }: { db: Db; mail: MailOutbox; now: () => Date }) {
  const cutoff = new Date(now().getTime() - NOTICE_DIGEST_MINUTES * 60_000);
  const due = await sqlRows<{ user_id: number; kind: string }>(
    db,
    sql`select held.user_id, held.kind
        from ${sysNotification} held
        where held.mail_state = 'held'
        group by held.user_id, held.kind
        having coalesce((select max(mailed.mailed_at) from ${sysNotification} mailed
                         where mailed.user_id = held.user_id and mailed.kind = held.kind), 'epoch'::timestamptz)
               <= ${cutoff.toISOString()}::timestamptz`,
  );
  let sent = 0;
  for (const { user_id: userId, kind } of due) {
    sent += await db.transaction(async (tx) => {
      await lockReaderKind(tx, userId, kind);
      // Looked at again under the lock: another process may have mailed this kind meanwhile.
      const [last] = await tx
        .select({ at: max(sysNotification.mailedAt) })
        .from(sysNotification)
        .where(and(eq(sysNotification.userId, userId), eq(sysNotification.kind, kind)));
      if (last?.at && last.at > cutoff) return 0;
      const held = await tx
        .select({ notificationId: sysNotification.notificationId, title: sysNotification.title })
        .from(sysNotification)
        .where(
          and(
            eq(sysNotification.userId, userId),
            eq(sysNotification.kind, kind),
            eq(sysNotification.mailState, "held"),
          ),
        )
        .orderBy(asc(sysNotification.notificationId))
        .for("update", { skipLocked: true });
      if (held.length === 0) return 0;
      const [user] = await tx.select().from(sysUser).where(eq(sysUser.userId, userId));
      const ids = held.map((row) => row.notificationId);
      // Turned off since they were held: they stay in the console, unmailed.
      const [off] = await tx
        .select({ kind: sysNoticeMailOff.kind })
        .from(sysNoticeMailOff)
        .where(and(eq(sysNoticeMailOff.userId, userId), eq(sysNoticeMailOff.kind, kind)));
      if (off) {
        await tx.update(sysNotification).set({ mailState: "off" }).where(inArray(sysNotification.notificationId, ids));
        return 0;
      }
      let mailed = 0;
      if (user?.email) {
        const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : "en";
        const named = held.slice(0, ITEMS_NAMED).map((row) => `• ${row.title}`);
        if (held.length > ITEMS_NAMED) named.push(MORE[language](held.length - ITEMS_NAMED));
        const origin = await siteOrigin(tx, user.siteId, null, { console: true });
        await mail.enqueue(tx, {
          siteId: user.siteId,
          event: "notice_digest",
          language,
          to: user.email,
          timeZone: user.timeZone,
          key: `notice-digest-${userId}-${kind}-${ids[0]}`,
          values: {
            name: user.nickName || user.userName,
            kind: NOTICE_KIND_WORDS[kind]?.[language] ?? kind,
            count: String(held.length),
            items: named.join("\n"),
            link: `${origin}/userCenter/notifications`,
          },
        });
        mailed = 1;
      }
      await tx
        .update(sysNotification)
        .set({ mailState: "digested", mailedAt: now() })
        .where(inArray(sysNotification.notificationId, ids));
      return mailed;
    });
  }
  return sent;
}
