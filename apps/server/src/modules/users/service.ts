import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";
import { hashPassword } from "../auth/password.ts";

export const ADMIN_USER_NAME = "admin";

export interface AdministratorCreated {
  userName: string;
  /** Set when the password was generated and must be shown to the operator once. */
  generatedPassword?: string;
}

/**
 * Creates the administrator when there is none, with the given password or a generated one. An
 * existing administrator is left alone: ADMIN_PASSWORD only sets the first password.
 */
export async function ensureAdministrator(db: Db, password: string | undefined): Promise<AdministratorCreated | null> {
  const existing = await db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, ADMIN_USER_NAME));
  if (existing.length > 0) return null;
  const generatedPassword = password ? undefined : randomBytes(12).toString("base64url");
  await db.insert(sysUser).values({
    userName: ADMIN_USER_NAME,
    nickName: "Administrator",
    passwordHash: await hashPassword(password ?? generatedPassword!),
  });
  return { userName: ADMIN_USER_NAME, ...(generatedPassword ? { generatedPassword } : {}) };
}
