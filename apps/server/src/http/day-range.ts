const DAY_MS = 86_400_000;

/** The instants a search's days (YYYY-MM-DD, UTC, both included) cover: from ≤ t < until. */
export function dayRange(query: { beginTime?: string | undefined; endTime?: string | undefined }) {
  return {
    from: query.beginTime ? new Date(`${query.beginTime}T00:00:00Z`) : null,
    until: query.endTime ? new Date(Date.parse(`${query.endTime}T00:00:00Z`) + DAY_MS) : null,
  };
}
