import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, SingleLine } from "./field-kinds.ts";

const Status = Type.Union([Type.Literal("0"), Type.Literal("1")]);

/** A text in every interface language of at most `max` characters; English is required, the others fall back to it. */
export const localizedInput = (max: number) =>
  Type.Object(
    {
      en: SingleLine({ minLength: 1, maxLength: max }),
      "zh-CN": Type.Optional(SingleLine({ maxLength: max })),
      "zh-TW": Type.Optional(SingleLine({ maxLength: max })),
      id: Type.Optional(SingleLine({ maxLength: max })),
      vi: Type.Optional(SingleLine({ maxLength: max })),
    },
    { additionalProperties: false },
  );

/** A name in every interface language (a role's, a menu's): 64 characters. */
export const LocalizedInput = localizedInput(64);
export type LocalizedInput = Static<typeof LocalizedInput>;

export const RoleListQuery = Type.Object({
  ...PageQuery,
  /** In the key or any language's name. */
  keyword: Type.Optional(SingleLine({ maxLength: 64 })),
  status: Type.Optional(Status),
});
export type RoleListQuery = Static<typeof RoleListQuery>;

export const RoleView = Type.Object({
  roleId: Type.Integer(),
  roleKey: Type.String(),
  roleName: Type.Record(Type.String(), Type.String()),
  sort: Type.Integer(),
  status: Type.String(),
  /** Members must sign in with a second factor. */
  requireTwoFactor: Type.Boolean(),
  /** The menus and buttons it grants (with their directories). */
  menuIds: Type.Array(Type.Integer()),
  users: Type.Integer(),
  /** Built-in roles (admin, ROLE_DEFAULT) cannot be removed; admin cannot be changed. */
  builtIn: Type.Boolean(),
  createTime: Type.String(),
});
export type RoleView = Static<typeof RoleView>;

const RoleFields = {
  roleName: LocalizedInput,
  sort: Type.Integer({ minimum: 0, maximum: 9999 }),
  status: Status,
  menuIds: Type.Array(Id(), { maxItems: 2000, uniqueItems: true }),
};

export const ROLE_KEY_PATTERN = "^[A-Za-z][A-Za-z0-9_]{1,63}$";

export const RoleCreateBody = Type.Object(
  { roleKey: Type.String({ pattern: ROLE_KEY_PATTERN }), ...RoleFields },
  { additionalProperties: false },
);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object(RoleFields, { additionalProperties: false });
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

/** Whether a role's members must sign in with a second factor (any role, the administrator's too). */
export const RoleTwoFactorBody = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });
export type RoleTwoFactorBody = Static<typeof RoleTwoFactorBody>;

/** One entry of the menu tree a role can be granted: title in the caller's language. */
export const MenuGrantNode = Type.Object({
  menuId: Type.Integer(),
  parentId: Type.Integer(),
  menuType: Type.String(),
  title: Type.String(),
  perms: Type.String(),
});
export type MenuGrantNode = Static<typeof MenuGrantNode>;

/** A menu entry as the menus page edits it: every field, titles in every language. */
export const MenuAdminView = Type.Object({
  menuId: Type.Integer(),
  parentId: Type.Integer(),
  menuType: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
  orderNum: Type.Integer(),
  path: Type.String(),
  component: Type.String(),
  query: Type.String(),
  perms: Type.String(),
  icon: Type.String(),
  isExternal: Type.Boolean(),
  isCache: Type.Boolean(),
  hidden: Type.Boolean(),
  status: Type.String(),
});
export type MenuAdminView = Static<typeof MenuAdminView>;

export const MenuBody = Type.Object(
  {
    parentId: Id({ minimum: 0 }),
    /** Directory (M), menu (C) or button (F). */
    menuType: Type.Union([Type.Literal("M"), Type.Literal("C"), Type.Literal("F")]),
    title: LocalizedInput,
    orderNum: Type.Integer({ minimum: 0, maximum: 9999 }),
    /** A route segment, or an http(s) address for a link. */
    path: Type.String({ maxLength: 200, pattern: "^(|[A-Za-z0-9_:./-]+|https?://[^\\s\"'<>]+)$" }),
    component: Type.String({ maxLength: 200, pattern: "^[A-Za-z0-9_/-]*$" }),
    query: SingleLine({ maxLength: 255 }),
    perms: Type.String({ maxLength: 100, pattern: "^([A-Za-z0-9_-]+(:[A-Za-z0-9_*-]+)*)?$" }),
    icon: Type.String({ maxLength: 100, pattern: "^[A-Za-z0-9_-]*$" }),
    isExternal: Type.Boolean(),
    isCache: Type.Boolean(),
    hidden: Type.Boolean(),
    status: Type.Union([Type.Literal("0"), Type.Literal("1")]),
  },
  { additionalProperties: false },
);
export type MenuBody = Static<typeof MenuBody>;
