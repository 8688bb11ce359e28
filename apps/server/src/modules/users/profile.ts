import type { Language } from "@rampart/contracts";
import { isTimeZone } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysFile, sysUser } from "../../db/schema.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import { addressTaken } from "../auth/email-address.ts";
import { emailVerificationOn, requestEmailChange } from "../auth/email-verification.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { spendPasswordLinks } from "../auth/password-recovery.ts";
import { newPasswordProblem } from "../auth/password-rules.ts";
import { lockUserRow } from "../auth/user-row-lock.ts";
import { FILE_URL_PREFIX } from "../files/file-rules.ts";
import type { MailOutbox } from "../mail/outbox.ts";

interface ProfileDeps {
  db: Db;
  mail: MailOutbox;
  now: () => Date;
}

/** Who is asking and how they are answered: their language, and the console's address on a site. */
interface Asker {
  language: Language;
  origin: (siteId: number | null) => Promise<string>;
}

/**
 * The caller changes their own name and contact details (never their roles or site). A new e-mail
 * address is confirmed first when customers must confirm theirs: the account keeps the old one
 * until the link mailed to the new one is opened (and the old one is then told). Otherwise it
 * changes at once, unconfirmed, and the old address is told. Answers whether a link was mailed.
 */
export async function updateOwnProfile(
  { db, mail, now }: ProfileDeps,
  userId: number,
  change: { nickName: string; email: string; phonenumber: string; timeZone?: string | undefined },
  asker: Asker,
): Promise<{ confirmationSent: boolean }> {
  if (change.timeZone && !isTimeZone(change.timeZone)) throw new BadRequestError("time_zone_invalid");
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!user) throw new BadRequestError("user_not_found");
  const email = change.email.trim();
  const changing = email.toLowerCase() !== user.email.toLowerCase();
  if (changing && email && (await addressTaken(db, email, user.siteId, user.userId)))
    throw new AppError(409, "email_taken");
  const confirmFirst = changing && email !== "" && (await emailVerificationOn(db));
  if (confirmFirst) {
    await requestEmailChange({ db, mail, now }, user.userId, { email, origin: asker.origin, language: asker.language });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({
        nickName: change.nickName.trim(),
        phone: change.phonenumber.replace(/[ -]/g, ""),
        ...(change.timeZone === undefined ? {} : { timeZone: change.timeZone }),
        ...(changing && !confirmFirst ? { email, emailVerifiedAt: null, emailSelfTyped: email !== "" } : {}),
        updatedAt: now(),
      })
      .where(eq(sysUser.userId, user.userId));
    if (changing && !confirmFirst && user.email) {
      await mail.enqueue(tx, {
        siteId: user.siteId,
        event: "email_changed",
        userId: user.userId,
        language: asker.language,
        to: user.email,
        timeZone: user.timeZone,
        values: { name: user.nickName || user.userName, email: email || "—", time: { at: now() } },
      });
    }
  });
  return { confirmationSent: confirmFirst };
}

/** The caller's avatar: an image they uploaded themselves (POST /prod-api/file/upload), or "" for none. */
export async function setOwnAvatar(db: Db, userId: number, avatar: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (avatar) {
      const fileId = new RegExp(`^${FILE_URL_PREFIX}([0-9a-f-]{36})\\.(png|jpe?g)$`).exec(avatar)?.[1];
      // Held until the avatar is saved: the sweep of unreferenced uploads cannot take it meanwhile.
      const [file] = fileId
        ? await tx
            .select({ ownerId: sysFile.ownerId, contentType: sysFile.contentType })
            .from(sysFile)
            .where(eq(sysFile.fileId, fileId))
            .for("share")
        : [];
      if (!file || file.ownerId !== userId || !file.contentType.startsWith("image/")) {
        throw new BadRequestError("avatar_invalid");
      }
    }
    await tx.update(sysUser).set({ avatar, updatedAt: now }).where(eq(sysUser.userId, userId));
  });
}

/**
 * The caller changes their password with the current one; the owner is told by mail, with when
 * and from where (a stolen session changing it would show). Ending their other sessions is the
 * caller's part.
 */
export async function changeOwnPassword(
  { db, mail, now }: ProfileDeps,
  userId: number,
  passwords: { oldPassword: string; newPassword: string },
  asker: { language: Language; ip: string },
): Promise<void> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!user || !(await verifyPassword(user.passwordHash, passwords.oldPassword).catch(() => false))) {
    throw new BadRequestError("old_password_wrong");
  }
  if (passwords.newPassword === passwords.oldPassword) throw new BadRequestError("password_unchanged");
  const problem = await newPasswordProblem(passwords.newPassword, user.userName);
  if (problem) throw new BadRequestError(problem);
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.transaction(async (tx) => {
    await lockUserRow(tx, user.userId);
    await tx.update(sysUser).set({ passwordHash, updatedAt: now() }).where(eq(sysUser.userId, user.userId));
    // A reset link mailed before no longer opens the account.
    await spendPasswordLinks(tx, user.userId, now());
    if (user.email) {
      await mail.enqueue(tx, {
        siteId: user.siteId,
        event: "password_changed",
        userId: user.userId,
        language: asker.language,
        to: user.email,
        timeZone: user.timeZone,
        values: { name: user.nickName || user.userName, time: { at: now() }, ip: asker.ip },
      });
    }
  });
}
