import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors.ts";
import { assertCanGrant } from "./grant-guard.ts";

const operator = { roles: ["operator"], permissions: ["system:user:list", "system:user:edit"] };
const admin = { roles: ["admin"], permissions: ["*:*:*"] };

describe("assertCanGrant", () => {
  it("lets an operator hand out what they hold", () => {
    expect(() => assertCanGrant(operator, { roleKeys: ["operator"], permissions: ["system:user:list"] })).not.toThrow();
    expect(() => assertCanGrant(operator, {})).not.toThrow();
  });

  it.each([
    [{ roleKeys: ["admin"] }],
    [{ roleKeys: ["finance"] }],
    [{ permissions: ["system:role:edit"] }],
    [{ permissions: ["*:*:*"] }],
    [{ roleKeys: ["operator"], permissions: ["system:user:list", "monitor:online:forceLogout"] }],
  ])("refuses an operator %j with 403", (request) => {
    const thrown = (() => {
      try {
        assertCanGrant(operator, request);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(403);
  });

  it("lets admin grant anything", () => {
    expect(() => assertCanGrant(admin, { roleKeys: ["admin", "finance"], permissions: ["*:*:*"] })).not.toThrow();
  });
});
