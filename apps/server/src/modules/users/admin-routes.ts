import {
  Id,
  isLanguage,
  type Language,
  Ok,
  Page,
  ResetPasswordBody,
  UserAdminView,
  UserCreateBody,
  UserFormOptions,
  UserListQuery,
  UserUpdateBody,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db, Tx } from "../../db/client.ts";
import { actorOf } from "../../http/actor.ts";
import { ok, page } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { EMAIL_CHANGE_PURPOSE, mailConfirmationLink, mailTypedAddress } from "../auth/email-verification.ts";
import { sendInvitation } from "../auth/password-recovery.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import type { TwoFactorService } from "../auth/two-factor.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin } from "../sites/site-origin.ts";
import {
  allUsers,
  assertNotOwnAccount,
  bindableSites,
  createUser,
  grantableRoles,
  listUsers,
  resetPassword,
  type UserMails,
  updateUser,
  userToActOn,
} from "./admin.ts";
import { usersWorkbook } from "./export.ts";
import { timeZoneOf } from "./time-zone.ts";

const UserIdParams = Type.Object({ userId: Id() });
const EXPORT_LIMIT = 10_000;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * System management → Users: the list (searched, sorted by known columns only, paged), the form's
 * options, create, edit (profile, status, roles, site), reset password and export. An operator
 * bound to a site sees and changes that site's users only; nobody grants a role they lack.
 */
export async function userAdminRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    mail,
    now,
    twoFactor,
  }: { db: Db; sessions: SessionDirectory; mail: MailOutbox; now: () => Date; twoFactor: TwoFactorService },
) {
  /**
   * What a change of a user mails (an invitation, a link confirming a typed address, a notice to
   * the replaced one), with links from the user's site record, in the language `languageOf` says.
   * The operator's request says nothing about the links: they are the site's, as in the mails the
   * user asks for themselves (a trial on localhost: this server's port; issue 38).
   */
  const mailsFor =
    (languageOf: (user: { language: string }) => Language) =>
    async (siteId: number | null): Promise<UserMails> => {
      // Read when a link is mailed, never before: a site may have no domain for one (a user of it
      // with no address, or a notice without a link, is still made).
      const origin = (tx: Tx) => accountLinkOrigin(tx, siteId, null);
      const deps = { db, mail, now };
      return {
        invite: async (tx, user) =>
          sendInvitation(tx, deps, user, { origin: await origin(tx), language: languageOf(user) }),
        addressTyped: (tx, user, previous) =>
          mailTypedAddress(tx, deps, user, { previous, origin: () => origin(tx), language: languageOf(user) }),
        addressAsked: async (tx, user, email) =>
          mailConfirmationLink(tx, deps, user, {
            email,
            purpose: EMAIL_CHANGE_PURPOSE,
            origin: await origin(tx),
            language: languageOf(user),
          }),
      };
    };

  app.get<{ Querystring: UserListQuery }>(
    "/prod-api/system/user/list",
    {
      config: { access: { permission: "system:user:list" } },
      schema: { querystring: UserListQuery, response: { 200: Page(UserAdminView) } },
    },
    async (request) => {
      const { rows, total } = await listUsers(db, request.query, actorOf(request).siteScope);
      return page(request, rows, total);
    },
  );

  app.get(
    "/prod-api/system/user/options",
    {
      config: { access: { permission: "system:user:list" } },
      schema: { response: { 200: Ok(UserFormOptions) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const [roles, sites] = await Promise.all([grantableRoles(db, actor), bindableSites(db, actor.siteScope)]);
      return ok(request, {
        roles: roles.map((role) => ({
          roleKey: role.roleKey,
          roleName: role.roleName[request.language] ?? role.roleName.en ?? role.roleKey,
        })),
        sites,
      });
    },
  );

  app.post<{ Body: UserCreateBody }>(
    "/prod-api/system/user",
    {
      config: { access: { permission: "system:user:add" } },
      schema: { body: UserCreateBody, response: { 200: Ok(UserAdminView) } },
    },
    async (request) => {
      // A new account's mails are in the inviting operator's language.
      const user = await createUser(
        db,
        request.body,
        actorOf(request),
        mailsFor(() => request.language),
      );
      request.changed = { before: null, after: user };
      if (request.body.invite)
        return { ...ok(request, user), msg: translate(request.language, "invitation_sent", { value: user.email }) };
      return ok(request, user);
    },
  );

  app.put<{ Params: { userId: number }; Body: UserUpdateBody }>(
    "/prod-api/system/user/:userId",
    {
      config: { access: { permission: "system:user:edit" } },
      schema: { params: UserIdParams, body: UserUpdateBody, response: { 200: Ok(UserAdminView) } },
    },
    async (request) => {
      // Mails about an account's address are in the language its owner last signed in in.
      const change = await updateUser(
        db,
        request.params.userId,
        request.body,
        actorOf(request),
        mailsFor((user) => (isLanguage(user.language) ? user.language : "en")),
        now(),
      );
      if (change.disabled) await sessions.revokeUser(request.params.userId, "disabled");
      else if (change.rolesChanged) await sessions.grantsChanged();
      else await sessions.userChanged();
      request.changed = { before: change.before, after: change.after };
      if (change.addressAsked) {
        const msg = translate(request.language, "user_email_change_sent", { value: change.addressAsked });
        return { ...ok(request, change.after), msg };
      }
      return ok(request, change.after);
    },
  );

  /** A new password; every session of the user ends (they sign in with the new one). */
  app.put<{ Params: { userId: number }; Body: ResetPasswordBody }>(
    "/prod-api/system/user/:userId/resetPwd",
    {
      config: { access: { permission: "system:user:resetPwd" } },
      schema: { params: UserIdParams, body: ResetPasswordBody, response: { 200: Ok(UserAdminView) } },
    },
    async (request) => {
      const user = await resetPassword(db, request.params.userId, request.body.password, actorOf(request), now());
      await sessions.revokeUser(request.params.userId, "forced");
      return ok(request, user);
    },
  );

  /** The users the search finds (up to 10,000) as a spreadsheet, headed in the caller's language. */
  app.get<{ Querystring: UserListQuery }>(
    "/prod-api/system/user/export",
    { config: { access: { permission: "system:user:export" } }, schema: { querystring: UserListQuery } },
    async (request, reply) => {
      const actor = actorOf(request);
      const [users, sites] = await Promise.all([
        allUsers(db, request.query, actor.siteScope, EXPORT_LIMIT),
        bindableSites(db, actor.siteScope),
      ]);
      const workbook = await usersWorkbook(users, request.language, new Map(sites.map((s) => [s.siteId, s.name])));
      const day = now().toISOString().slice(0, 10);
      return reply
        .header("content-type", XLSX)
        .header("content-disposition", `attachment; filename="users-${day}.xlsx"`)
        .header("cache-control", "no-store")
        .send(workbook);
    },
  );

  /**
   * An operator removes a user's second factor (a lost phone and lost recovery codes): the user
   * signs in with their password and, if a role demands it, sets up a new one. Only on a user
   * the operator may act on (their site, nothing above their own powers).
   */
  app.delete<{ Params: { userId: number } }>(
    "/prod-api/system/user/:userId/twoFactor",
    {
      config: { access: { permission: "system:user:resetPwd" } },
      schema: { params: Type.Object({ userId: Id() }), response: { 200: Ok(UserAdminView) } },
    },
    async (request) => {
      assertNotOwnAccount(request.params.userId, actorOf(request));
      const user = await userToActOn(db, request.params.userId, actorOf(request));
      await db.transaction(async (tx) => {
        if (!(await twoFactor.remove(user.userId, tx))) throw new BadRequestError("two_factor_not_enabled");
        // The owner is told at once: a reset they did not ask for is how an account is taken.
        if (user.email) {
          await mail.enqueue(tx, {
            siteId: user.siteId,
            event: "two_factor_reset",
            userId: user.userId,
            language: request.language,
            to: user.email,
            timeZone: await timeZoneOf(tx, user.userId),
            values: {
              name: user.nickName || user.userName,
              time: { at: now() },
            },
          });
        }
      });
      await sessions.userChanged();
      request.changed = { before: { ...user, twoFactor: true }, after: { ...user, twoFactor: false } };
      return ok(request, { ...user, twoFactor: false });
    },
  );
}
