import { randomBytes } from "node:crypto";
import {
  ADMIN_ROLE,
  type Grants,
  type UserAdminView,
  type UserCreateBody,
  type UserListQuery,
  type UserUpdateBody,
} from "@rampart/contracts";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysRole, sysSite, sysUser, sysUserRole, sysUserTwoFactor } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { dayRange } from "../../http/day-range.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { addressTaken } from "../auth/email-address.ts";
import { assertCanActOn, assertCanGrant } from "../auth/grant-guard.ts";
import { grantsOf } from "../auth/grants.ts";
import { hashPassword } from "../auth/password.ts";
import { spendPasswordLinks } from "../auth/password-recovery.ts";
import { newPasswordProblem } from "../auth/password-rules.ts";
import { lockUserRow } from "../auth/user-row-lock.ts";
import { ADMIN_USER_NAME } from "./service.ts";

const SORTS = {
  userName: sysUser.userName,
  createTime: sysUser.createdAt,
  loginDate: sysUser.loginDate,
} as const;

type UserRow = typeof sysUser.$inferSelect;

async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: sysUserRole.userId, roleKey: sysRole.roleKey })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(inArray(sysUserRole.userId, userIds))
    .orderBy(asc(sysRole.sort));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.roleKey]);
  return map;
}

const view = (row: UserRow, roleKeys: string[]): UserAdminView => ({
  userId: row.userId,
  userName: row.userName,
  nickName: row.nickName,
  email: row.email,
  phonenumber: row.phone,
  status: row.status,
  siteId: row.siteId,
  roleKeys,
  loginIp: row.loginIp,
  loginDate: row.loginDate?.toISOString() ?? null,
  createTime: row.createdAt.toISOString(),
  emailVerified: Boolean(row.email && row.emailVerifiedAt),
});

function listWhere(query: Omit<UserListQuery, "pageNum" | "pageSize">, siteScope: number | null) {
  const name = query.userName?.trim();
  const phone = query.phonenumber?.trim();
  const { from, until } = dayRange(query);
  return and(
    ...([
      siteScope === null ? undefined : eq(sysUser.siteId, siteScope),
      name ? or(ilike(sysUser.userName, likeAnywhere(name)), ilike(sysUser.nickName, likeAnywhere(name))) : undefined,
      phone ? ilike(sysUser.phone, likeAnywhere(phone)) : undefined,
      query.status ? eq(sysUser.status, query.status) : undefined,
      from ? gte(sysUser.createdAt, from) : undefined,
      until ? lt(sysUser.createdAt, until) : undefined,
    ] as (SQL | undefined)[]),
  );
}

function listOrder(query: Pick<UserListQuery, "orderByColumn" | "isAsc">) {
  const column = SORTS[query.orderByColumn ?? "createTime"];
  return [query.isAsc === "ascending" ? asc(column) : desc(column), desc(sysUser.userId)];
}

/** The users an operator may see (their site's when bound to one), a page at a time. */
export async function listUsers(db: Db, query: UserListQuery, siteScope: number | null) {
  const where = listWhere(query, siteScope);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sysUser)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysUser).where(where),
  ]);
  const ids = rows.map((r) => r.userId);
  const [roles, withTwoFactor] = await Promise.all([
    rolesOf(db, ids),
    ids.length === 0
      ? []
      : db
          .select({ userId: sysUserTwoFactor.userId })
          .from(sysUserTwoFactor)
          .where(and(inArray(sysUserTwoFactor.userId, ids), isNotNull(sysUserTwoFactor.secret))),
  ]);
  const twoFactor = new Set(withTwoFactor.map((r) => r.userId));
  return {
    rows: rows.map((row) => ({ ...view(row, roles.get(row.userId) ?? []), twoFactor: twoFactor.has(row.userId) })),
    total: totals[0]?.total ?? 0,
  };
}

/** Every user the search finds (for the export), up to `limit`. */
export async function allUsers(
  db: Db,
  query: Omit<UserListQuery, "pageNum" | "pageSize">,
  siteScope: number | null,
  limit: number,
) {
  const rows = await db
    .select()
    .from(sysUser)
    .where(listWhere(query, siteScope))
    .orderBy(...listOrder(query))
    .limit(limit);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => view(row, roles.get(row.userId) ?? []));
}

/** The roles an operator may hand out (all but admin unless they are admin; else those they hold). */
export async function grantableRoles(db: Db, actor: Grants) {
  const roles = await db
    .select({ roleKey: sysRole.roleKey, roleName: sysRole.roleName })
    .from(sysRole)
    .where(eq(sysRole.status, "0"))
    .orderBy(asc(sysRole.sort));
  const isAdmin = actor.roles.includes(ADMIN_ROLE);
  return roles.filter((role) => isAdmin || (role.roleKey !== ADMIN_ROLE && actor.roles.includes(role.roleKey)));
}

/** The sites a user may be bound to: all for an administrator, the operator's own otherwise. */
export async function bindableSites(db: Db, siteScope: number | null) {
  return db
    .select({ siteId: sysSite.siteId, name: sysSite.company })
    .from(sysSite)
    .where(siteScope === null ? undefined : eq(sysSite.siteId, siteScope))
    .orderBy(asc(sysSite.siteId));
}

async function roleIdsFor(db: Db, roleKeys: readonly string[]): Promise<number[]> {
  if (roleKeys.length === 0) return [];
  const rows = await db
    .select()
    .from(sysRole)
    .where(inArray(sysRole.roleKey, [...roleKeys]));
  if (rows.length !== roleKeys.length) throw new BadRequestError("role_unknown");
  return rows.map((r) => r.roleId);
}

/** The site the user will belong to: an operator bound to a site can only place users there. */
async function siteFor(db: Db, requested: number | null | undefined, actor: Actor): Promise<number | null> {
  if (actor.siteScope !== null) return actor.siteScope;
  if (requested === undefined || requested === null) return null;
  const [site] = await db.select({ id: sysSite.siteId }).from(sysSite).where(eq(sysSite.siteId, requested));
  if (!site) throw new BadRequestError("site_not_found");
  return requested;
}

async function assertPassword(password: string, userName: string) {
  const problem = await newPasswordProblem(password, userName);
  if (problem) throw new BadRequestError(problem);
}

/**
 * The mails a change of a user sends, in its transaction; the caller makes them for the user's
 * site, and reads the site's link origin only when a mail with a link is sent (a site may have no
 * domain to make one: a user of it is still created).
 */
export interface UserMails {
  /** An invitation: a link to choose the password, which confirms the address too. */
  invite(tx: Tx, user: UserRow): Promise<void>;
  /** An address the operator typed for a new account (or none for an account): a link to confirm it, and the address it replaces told. */
  addressTyped(tx: Tx, user: UserRow, previous: string): Promise<void>;
  /** An address the operator typed for an existing account: a link to it, which makes it the account's once opened. */
  addressAsked(tx: Tx, user: UserRow, email: string): Promise<void>;
}

/**
 * Creates a user with their roles; refuses a taken name or address, a weak password, a role the
 * actor lacks. The address is not confirmed until its owner opens a mailed link: an invitation
 * (`invite`: the password is then one nobody knows), else a link to confirm it.
 */
export async function createUser(
  db: Db,
  body: UserCreateBody,
  actor: Actor,
  mailsFor: (siteId: number | null) => Promise<UserMails>,
): Promise<UserAdminView> {
  assertCanGrant(actor, { roleKeys: body.roleKeys });
  const email = body.email?.trim() ?? "";
  const invite = body.invite === true;
  if (invite && !email) throw new BadRequestError("invitation_email_required");
  if (!invite) await assertPassword(body.password ?? "", body.userName);
  const siteId = await siteFor(db, body.siteId, actor);
  const mails = await mailsFor(siteId);
  const roleIds = await roleIdsFor(db, body.roleKeys);
  const passwordHash = await hashPassword(
    body.password && !invite ? body.password : randomBytes(32).toString("base64url"),
  );
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sysUser.userId })
      .from(sysUser)
      .where(sql`lower(${sysUser.userName}) = lower(${body.userName})`);
    if (taken) throw new AppError(409, "user_name_taken", { value: body.userName });
    if (email && (await addressTaken(tx, email, siteId))) throw new AppError(409, "email_taken");
    const [row] = await tx
      .insert(sysUser)
      .values({
        userName: body.userName,
        nickName: body.nickName,
        email,
        phone: body.phonenumber ?? "",
        status: body.status,
        siteId,
        passwordHash,
        emailVerifiedAt: null,
      })
      .returning();
    if (roleIds.length > 0)
      await tx.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: row!.userId, roleId })));
    if (invite) await mails.invite(tx, row!);
    else if (email) await mails.addressTyped(tx, row!, "");
    return view(row!, [...body.roleKeys]);
  });
}

/** The user the actor may change (in their site when bound to one), with their roles; else 404 (403 for an administrator). */
async function userInScope(db: Db, userId: number, actor: Actor) {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!row || (actor.siteScope !== null && row.siteId !== actor.siteScope)) throw new NotFoundError("user_not_found");
  const roleKeys = (await rolesOf(db, [userId])).get(userId) ?? [];
  // Only an administrator changes an administrator (their status, roles or password): otherwise
  // an operator could reset an administrator's password and sign in as them.
  if ((row.userName === ADMIN_USER_NAME || roleKeys.includes(ADMIN_ROLE)) && !actor.roles.includes(ADMIN_ROLE)) {
    throw new AppError(403, "user_admin_protected");
  }
  // Nor does anyone change a user who holds powers they lack (their password, status, profile).
  assertCanActOn(actor, await grantsOf(db, userId));
  return { row, roleKeys };
}

/**
 * A user the actor may act on (in their site, not above them), as the list shows them: for
 * actions another module carries out (resetting a second factor).
 */
export async function userToActOn(db: Db, userId: number, actor: Actor): Promise<UserAdminView> {
  const { row, roleKeys } = await userInScope(db, userId, actor);
  return view(row, roleKeys);
}

export interface UserChange {
  before: UserAdminView;
  after: UserAdminView;
  /** The user can no longer sign in (disabled): their sessions must end. */
  disabled: boolean;
  /** Their roles changed: every process must reload their grants. */
  rolesChanged: boolean;
  /** The address the operator typed, waiting for its owner to open the link mailed to it. */
  addressAsked: string | null;
}

/**
 * Changes a user's profile, status, roles and site. Nobody disables themselves or the
 * administrator; roles given or taken must be roles the actor holds. A new address does not
 * become the account's until its owner opens the link mailed to it (as in the personal center; the
 * old one is then told): an operator typing their own address and then using "Forgot password"
 * must not receive the account (issue 37, item 3). Removing the address is at once, and the old
 * one is told (`mailsFor`).
 */
export async function updateUser(
  db: Db,
  userId: number,
  body: UserUpdateBody,
  actor: Actor,
  mailsFor: (siteId: number | null) => Promise<UserMails>,
  now: Date,
): Promise<UserChange> {
  const { row, roleKeys } = await userInScope(db, userId, actor);
  if (body.status === "1" && userId === actor.userId) throw new BadRequestError("user_self_disable");
  if (body.status === "1" && row.userName === ADMIN_USER_NAME) throw new AppError(403, "user_admin_protected");
  const added = body.roleKeys.filter((k) => !roleKeys.includes(k));
  const removed = roleKeys.filter((k) => !body.roleKeys.includes(k));
  assertCanGrant(actor, { roleKeys: [...added, ...removed] });
  if (row.userName === ADMIN_USER_NAME && removed.includes(ADMIN_ROLE)) throw new AppError(403, "user_admin_protected");
  const siteId =
    body.siteId === undefined && actor.siteScope === null ? row.siteId : await siteFor(db, body.siteId, actor);
  const roleIds = await roleIdsFor(db, body.roleKeys);
  const typed = body.email?.trim() ?? row.email;
  const emailChanged = typed.toLowerCase() !== row.email.toLowerCase();
  const asked = emailChanged && typed !== "" ? typed : null;
  if (asked && (await addressTaken(db, asked, siteId, userId))) throw new AppError(409, "email_taken");
  const mails = emailChanged ? await mailsFor(siteId) : undefined;
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(sysUser)
      .set({
        nickName: body.nickName,
        // An address typed for the account waits for its owner (the link mailed to it).
        ...(asked ? {} : { email: typed }),
        ...(emailChanged && !asked ? { emailVerifiedAt: null, emailSelfTyped: false } : {}),
        phone: body.phonenumber ?? row.phone,
        status: body.status,
        siteId,
        updatedAt: now,
      })
      .where(eq(sysUser.userId, userId))
      .returning();
    if (added.length > 0 || removed.length > 0) {
      await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
      if (roleIds.length > 0) await tx.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
    }
    if (mails && asked) await mails.addressAsked(tx, next!, asked);
    else if (mails) await mails.addressTyped(tx, next!, row.email);
    return next!;
  });
  return {
    before: view(row, roleKeys),
    after: view(updated, [...body.roleKeys]),
    disabled: row.status === "0" && body.status === "1",
    rolesChanged: added.length > 0 || removed.length > 0,
    addressAsked: asked,
  };
}

/**
 * Refuses an operator's action on their own account that the personal center guards with a proof
 * (the current password, a code): a session alone must not change them.
 */
export function assertNotOwnAccount(userId: number, actor: Actor): void {
  if (userId === actor.userId) throw new BadRequestError("user_self_use_profile");
}

/**
 * Sets a new password (the same rule as everyone's) and spends the user's live links to choose
 * one (a reset, an invitation); the caller ends the user's sessions.
 */
export async function resetPassword(
  db: Db,
  userId: number,
  password: string,
  actor: Actor,
  now: Date,
): Promise<UserAdminView> {
  assertNotOwnAccount(userId, actor);
  const { row, roleKeys } = await userInScope(db, userId, actor);
  await assertPassword(password, row.userName);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    await tx.update(sysUser).set({ passwordHash, updatedAt: now }).where(eq(sysUser.userId, userId));
    await spendPasswordLinks(tx, userId, now);
  });
  return view(row, roleKeys);
}
