import { BillingProfile, Ok, PASSWORD_MAX, SingleLine } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin } from "../sites/site-origin.ts";
import { billingProfileOf, saveBillingProfile } from "./billing-profile.ts";
import { changeOwnPassword, setOwnAvatar, updateOwnProfile } from "./profile.ts";

const ProfileBody = Type.Object(
  {
    nickName: SingleLine({ minLength: 1, maxLength: 30 }),
    email: Type.String({ maxLength: 254, anyOf: [{ const: "" }, { format: "email" }] }),
    phonenumber: Type.String({ maxLength: 20, pattern: "^$|^\\+?[0-9][0-9 -]{5,19}$" }),
    /** The IANA zone mails are written in ("" for the site's); unchanged when absent. */
    timeZone: Type.Optional(Type.String({ maxLength: 64 })),
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
  /** The caller changes their own name and contact details (users/profile.ts says how an address changes). */
  app.put<{ Body: ProfileBody }>(
    "/prod-api/system/user/profile",
    { config: { access: "signed-in" }, schema: { body: ProfileBody, response: { 200: Ok(Type.Null()) } } },
    async (request) => {
      const { confirmationSent } = await updateOwnProfile(
        { db, mail, now },
        principalOf(request).userId,
        request.body,
        {
          language: request.language,
          origin: (siteId) => accountLinkOrigin(db, siteId, request),
        },
      );
      await sessions.userChanged();
      const msg = confirmationSent
        ? translate(request.language, "email_change_sent", { value: request.body.email.trim() })
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
      await setOwnAvatar(db, principalOf(request).userId, request.body.avatar, now());
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
      await changeOwnPassword({ db, mail, now }, principal.userId, request.body, {
        language: request.language,
        ip: request.ip,
      });
      await sessions.revokeOthers(principal.userId, principal.sessionId);
      return { code: 200, msg: translate(request.language, "password_changed") };
    },
  );
}
