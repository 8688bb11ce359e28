import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
  holdsPermission,
  meets,
} from "./permissions.ts";

const operator = { roles: ["operator"], permissions: ["system:user:list", "system:user:add"] };
const admin = { roles: ["admin"], permissions: [ALL_PERMISSIONS] };
const customer = { roles: ["ROLE_DEFAULT"], permissions: [] };

describe("permission checks", () => {
  it("grants what is held, and everything to *:*:*", () => {
    expect(hasPermission(operator, "system:user:add")).toBe(true);
    expect(hasPermission(operator, "system:user:remove")).toBe(false);
    expect(holdsPermission(admin, "anything:at:all")).toBe(true);
    expect(hasPermission(customer, "system:user:list")).toBe(false);
  });

  it("reads any-of and all-of", () => {
    expect(hasAnyPermission(operator, ["system:user:remove", "system:user:add"])).toBe(true);
    expect(hasAllPermissions(operator, ["system:user:remove", "system:user:add"])).toBe(false);
    expect(hasAllPermissions(operator, ["system:user:list", "system:user:add"])).toBe(true);
  });

  it.each([[[]], [undefined], ["system:user:add"], [[""]], [null], [[1]]])("refuses the requirement %j", (bad) => {
    expect(hasAnyPermission(admin, bad)).toBe(false);
    expect(hasAllPermissions(admin, bad)).toBe(false);
    expect(hasAnyRole(admin, bad)).toBe(false);
    expect(hasAllRoles(admin, bad)).toBe(false);
  });
});

describe("role checks", () => {
  it("passes admin everywhere, others only with the role", () => {
    expect(hasRole(admin, "operator")).toBe(true);
    expect(hasRole(operator, "operator")).toBe(true);
    expect(hasRole(customer, "operator")).toBe(false);
    expect(hasAnyRole(customer, ["operator", "ROLE_DEFAULT"])).toBe(true);
    expect(hasAllRoles(customer, ["operator", "ROLE_DEFAULT"])).toBe(false);
  });
});

describe("route requirements", () => {
  it("prefers permissions, then roles, and lets anyone through when there is neither", () => {
    expect(meets(customer, undefined)).toBe(true);
    expect(meets(customer, {})).toBe(true);
    expect(meets(operator, { permissions: ["system:user:list"], roles: ["nobody"] })).toBe(true);
    expect(meets(customer, { permissions: ["system:user:list"], roles: ["ROLE_DEFAULT"] })).toBe(false);
    expect(meets(customer, { roles: ["ROLE_DEFAULT"] })).toBe(true);
  });
});
