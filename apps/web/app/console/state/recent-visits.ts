import Cookies from "js-cookie";

export const RECENT_VISITS_COOKIE = "recentVisits";
const MAX_VISITS = 8;

export interface Visit {
  name: string;
  title: string;
  path: string;
}

/** The recent-visits list (cookie recentVisits): newest first, one entry per page name. */
export function readVisits(): Visit[] {
  try {
    const parsed = JSON.parse(Cookies.get(RECENT_VISITS_COOKIE) ?? "[]") as unknown;
    return Array.isArray(parsed)
      ? parsed
          .filter((v): v is Visit => v && typeof v.name === "string" && typeof v.path === "string")
          .slice(0, MAX_VISITS)
      : [];
  } catch {
    return [];
  }
}

export function recordVisit(visit: Visit): Visit[] {
  const visits = [visit, ...readVisits().filter((v) => v.name !== visit.name)].slice(0, MAX_VISITS);
  Cookies.set(RECENT_VISITS_COOKIE, JSON.stringify(visits), { path: "/", sameSite: "Lax", expires: 30 });
  return visits;
}
