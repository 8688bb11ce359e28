import { BillingProfile, Ok, PASSWORD_MAX, SingleLine } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { sysFile, sysUser } from "../../db/schema.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { emailVerificationOn, requestEmailChange } from "../auth/email-verification.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { FILE_URL_PREFIX } from "../files/routes.ts";
import { mailTime } from "../mail/mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { billingProfileOf, saveBillingProfile } from "./billing-profile.ts";
import { addressTaken } from "./email-address.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { newPasswordProblem } from "./password-rules.ts";

const ProfileBody = Type.Object(
  {
    nickName: SingleLine({ minLength: 1, maxLength: 30 }),
    email: Type.String({ maxLength: 254, anyOf: [{ const: "" }, { format: "email" }] }),
    phonenumber: Type.String({ maxLength: 20, pattern: "^$|^\\+?[0-9][0-9 -]{5,19}$" }),
  },
  { additionalProperties: false },
);
type ProfileBody = Static<typeof ProfileBody>;

const PasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
});
type PasswordBody = Static<typeof PasswordBody>;

export async function profileRoutes(
  app: FastifyInstance,
  { db, sessions, mail, now }: { db: Db; sessions: SessionDirectory; mail: MailOutbox; now: () => Date },
) {
  /**
   * The caller changes their own name and contact details (never their roles or site). A new e-mail
   * address is confirmed first when customers must confirm theirs: the account keeps the old one
   * until the link mailed to the new one is opened (and the old one is then told). Otherwise it
   * changes at once, unconfirmed, and the old address is told.
   */
  app.put<{ Body: ProfileBody }>(
    "/prod-api/system/user/profile",
    { config: { access: "signed-in" }, schema: { body: ProfileBody, response: { 200: Ok(Type.Null()) } } },
    async (request) => {
      const principal = principalOf(request);
      const { nickName, phonenumber } = request.body;
      const email = request.body.email.trim();
      const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, principal.userId));
      if (!user) throw new BadRequestError("user_not_found");
      const changing = email.toLowerCase() !== user.email.toLowerCase();
      if (changing && email && (await addressTaken(db, email, user.siteId, user.userId)))
        throw new AppError(409, "email_taken");
      const confirmFirst = changing && email !== "" && (await emailVerificationOn(db));
      if (confirmFirst) {
        await requestEmailChange({ db, mail, now }, user.userId, {
          email,
          origin: (siteId) => siteOrigin(db, siteId, request, { console: true }),
          language: request.language,
        });
      }
      await db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({
            nickName: nickName.trim(),
            phone: phonenumber.replace(/[ -]/g, ""),
            ...(changing && !confirmFirst ? { email, emailVerifiedAt: null } : {}),
            updatedAt: now(),
          })
          .where(eq(sysUser.userId, user.userId));
        if (changing && !confirmFirst && user.email) {
          await mail.enqueue(tx, {
            siteId: user.siteId,
            event: "email_changed",
            language: request.language,
            to: user.email,
            values: { name: user.nickName || user.userName, email: email || "—", time: mailTime(now()) },
          });
        }
      });
      await sessions.userChanged();
      const msg = confirmFirst
        ? translate(request.language, "email_change_sent", { value: email })
        : translate(request.language, "ok");
      return { code: 200, msg, data: null };
    },
  );

  /** Who the caller's invoices are made out to, and where they go. */
  app.get(
    "/prod-api/system/user/profile/billing",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(BillingProfile) } } },
    async (request) => {
      const profile = await billingProfileOf(db, principalOf(request).userId);
      if (!profile) throw new BadRequestError("user_not_found");
      return ok(request, profile);
    },
  );
  app.put<{ Body: BillingProfile }>(
    "/prod-api/system/user/profile/billing",
    { config: { access: "signed-in" }, schema: { body: BillingProfile } },
    async (request) => {
      await saveBillingProfile(db, principalOf(request).userId, request.body, now());
      return { code: 200, msg: translate(request.language, "billing_saved") };
    },
  );

  /** The caller's avatar: an image they uploaded (POST /prod-api/file/upload), or "" for none. */
  app.put<{ Body: { avatar: string } }>(
    "/prod-api/system/user/profile/avatar",
    {
      config: { access: "signed-in" },
      schema: { body: Type.Object({ avatar: SingleLine({ maxLength: 200 }) }, { additionalProperties: false }) },
    },
    async (request) => {
      const principal = principalOf(request);
      const { avatar } = request.body;
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
          if (!file || file.ownerId !== principal.userId || !file.contentType.startsWith("image/")) {
            throw new BadRequestError("avatar_invalid");
          }
        }
        await tx.update(sysUser).set({ avatar, updatedAt: new Date() }).where(eq(sysUser.userId, principal.userId));
      });
      await sessions.userChanged();
      return { code: 200, msg: translate(request.language, "ok") };
    },
  );

  /**
   * The caller changes their password with the current one. Their other sessions end: whoever
   * else knew the old password is signed out everywhere.
   */
  app.put<{ Body: PasswordBody }>(
    "/prod-api/system/user/profile/updatePwd",
    { config: { access: "signed-in", rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { body: PasswordBody } },
    async (request) => {
      const principal = principalOf(request);
      const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, principal.userId));
      if (!user || !(await verifyPassword(user.passwordHash, request.body.oldPassword).catch(() => false))) {
        throw new BadRequestError("old_password_wrong");
      }
      if (request.body.newPassword === request.body.oldPassword) throw new BadRequestError("password_unchanged");
      const problem = await newPasswordProblem(request.body.newPassword, user.userName);
      if (problem) throw new BadRequestError(problem);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(sysUser).set({ passwordHash, updatedAt: now() }).where(eq(sysUser.userId, user.userId));
        // The owner is told, with when and from where: a stolen session changing it would show.
        if (user.email) {
          await mail.enqueue(tx, {
            siteId: user.siteId,
            event: "password_changed",
            language: request.language,
            to: user.email,
            values: {
              name: user.nickName || user.userName,
              time: mailTime(now()),
              ip: request.ip,
            },
          });
        }
      });
      await sessions.revokeOthers(user.userId, principal.sessionId);
      return { code: 200, msg: translate(request.language, "password_changed") };
    },
  );
}
