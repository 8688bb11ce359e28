import { type Static, Type } from "typebox";
import { PASSWORD_MAX, USERNAME_PATTERN } from "./auth.ts";
import { PageQuery } from "./envelope.ts";
import { Id, SingleLine } from "./field-kinds.ts";

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
const Status = Type.Union([Type.Literal("0"), Type.Literal("1")]);
const Phone = Type.String({ pattern: "^(\\+?[0-9][0-9 -]{5,19})?$" });
const Email = Type.Union([Type.Literal(""), Type.String({ maxLength: 254, format: "email" })]);

/** The columns the users list can be sorted by (anything else is refused). */
export const USER_SORT_COLUMNS = ["userName", "createTime", "loginDate"] as const satisfies readonly string[];

/** The users list's search: name or display name (part of), phone, status, created days, sort. */
export const UserListQuery = Type.Object({
  ...PageQuery,
  userName: Type.Optional(SingleLine({ maxLength: 64 })),
  phonenumber: Type.Optional(SingleLine({ maxLength: 32 })),
  status: Type.Optional(Status),
  beginTime: Type.Optional(Day),
  endTime: Type.Optional(Day),
  orderByColumn: Type.Optional(
    Type.Union([Type.Literal("userName"), Type.Literal("createTime"), Type.Literal("loginDate")]),
  ),
  isAsc: Type.Optional(Type.Union([Type.Literal("ascending"), Type.Literal("descending")])),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserAdminView = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  email: Type.String(),
  phonenumber: Type.String(),
  status: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  /** The role keys the user holds (none: a customer, ROLE_DEFAULT). */
  roleKeys: Type.Array(Type.String()),
  loginIp: Type.String(),
  loginDate: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  /** Signs in with a second factor (given in the list). */
  twoFactor: Type.Optional(Type.Boolean()),
  /** The owner confirmed the address (a mailed link); one an operator typed is not, until then. */
  emailVerified: Type.Optional(Type.Boolean()),
});
export type UserAdminView = Static<typeof UserAdminView>;

/** What an operator writes about a user (the user name only when creating). */
const UserFields = {
  nickName: SingleLine({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Email),
  phonenumber: Type.Optional(Phone),
  status: Status,
  roleKeys: Type.Array(SingleLine({ maxLength: 64 }), { maxItems: 20, uniqueItems: true }),
  siteId: Type.Optional(Type.Union([Id(), Type.Null()])),
};

/**
 * A new user: with a password the operator chose, or (`invite`) without one, the user receiving a
 * link to choose it at their e-mail address.
 */
export const UserCreateBody = Type.Object(
  {
    userName: Type.String({ pattern: USERNAME_PATTERN }),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX })),
    invite: Type.Optional(Type.Boolean()),
    ...UserFields,
  },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserUpdateBody = Type.Object(UserFields, { additionalProperties: false });
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const ResetPasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** What the user form offers: the roles the operator may grant, and the sites a user can belong to. */
export const UserFormOptions = Type.Object({
  roles: Type.Array(Type.Object({ roleKey: Type.String(), roleName: Type.String() })),
  sites: Type.Array(Type.Object({ siteId: Type.Integer(), name: Type.String() })),
});
export type UserFormOptions = Static<typeof UserFormOptions>;
