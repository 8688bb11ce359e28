import type { DepartmentBody, DepartmentView, Language } from "@rampart/contracts";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizTicketDepartment } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";

type DepartmentRow = typeof bizTicketDepartment.$inferSelect;

export const departmentName = (row: { name: Record<string, string> }, language: Language) =>
  row.name[language]?.trim() || row.name.en || "";

export function departmentView(row: DepartmentRow, language: Language): DepartmentView {
  return {
    departmentId: row.departmentId,
    name: departmentName(row, language),
    names: row.name,
    email: row.email,
    sort: row.sort,
    enabled: row.enabled,
    siteId: row.siteId,
  };
}

/**
 * A site's departments: its own when it has any, else the installation's (site_id null). A
 * customer of no site sees the installation's.
 */
export async function departmentsOfSite(
  db: Db | Tx,
  siteId: number | null,
  { enabledOnly }: { enabledOnly: boolean },
): Promise<DepartmentRow[]> {
  const rows = await db
    .select()
    .from(bizTicketDepartment)
    .where(
      siteId === null
        ? isNull(bizTicketDepartment.siteId)
        : or(isNull(bizTicketDepartment.siteId), eq(bizTicketDepartment.siteId, siteId)),
    )
    .orderBy(asc(bizTicketDepartment.sort), asc(bizTicketDepartment.departmentId));
  const own = rows.filter((row) => row.siteId !== null);
  const chosen = own.length > 0 ? own : rows.filter((row) => row.siteId === null);
  return enabledOnly ? chosen.filter((row) => row.enabled) : chosen;
}

/** A department a ticket of this site may be filed in (enabled, the site's); 400 otherwise. */
export async function departmentForTicket(db: Db | Tx, siteId: number | null, departmentId: number) {
  const department = (await departmentsOfSite(db, siteId, { enabledOnly: true })).find(
    (row) => row.departmentId === departmentId,
  );
  if (!department) throw new AppError(400, "ticket_department_invalid");
  return department;
}

/**
 * The departments an operator manages: a site-bound operator's site's own (made on demand: the
 * first one they add replaces the installation's on their site); an unbound operator's, the
 * installation's and every site's.
 */
export async function departmentsForOperator(db: Db, siteScope: number | null): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(bizTicketDepartment)
    .where(siteScope === null ? undefined : eq(bizTicketDepartment.siteId, siteScope))
    .orderBy(asc(bizTicketDepartment.siteId), asc(bizTicketDepartment.sort), asc(bizTicketDepartment.departmentId));
}

const clean = (body: DepartmentBody) => ({
  name: Object.fromEntries(Object.entries(body.name).map(([language, text]) => [language, text.trim()])),
  email: body.email.trim().toLowerCase(),
  sort: body.sort,
  enabled: body.enabled,
});

/** A write that would give a department another's address: 409, nothing changed. */
async function uniqueAddress<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "ticket_department_email_taken");
    throw error;
  }
}

function assertEmail(email: string): void {
  if (email !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError(400, "ticket_department_email");
}

/** A new department, of the operator's site when bound to one (else of `siteId`, null: the installation's). */
export async function addDepartment(
  db: Db,
  siteScope: number | null,
  siteId: number | null,
  body: Omit<DepartmentBody, "siteId">,
) {
  const values = clean(body);
  assertEmail(values.email);
  const [row] = await uniqueAddress(() =>
    db
      .insert(bizTicketDepartment)
      .values({ ...values, siteId: siteScope ?? siteId })
      .returning(),
  );
  return row!;
}

export async function updateDepartment(db: Db, siteScope: number | null, departmentId: number, body: DepartmentBody) {
  const values = clean(body);
  assertEmail(values.email);
  const [row] = await uniqueAddress(() =>
    db
      .update(bizTicketDepartment)
      .set(values)
      .where(
        and(
          eq(bizTicketDepartment.departmentId, departmentId),
          siteScope === null ? undefined : eq(bizTicketDepartment.siteId, siteScope),
        ),
      )
      .returning(),
  );
  if (!row) throw new NotFoundError("ticket_department_not_found");
  return row;
}
