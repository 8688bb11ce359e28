/**
 * Reads through a cache whose misses read the database (lru-cache's `fetch` with a fetchMethod).
 * Clearing such a cache (a change announced by any process, or notifications lost and heard again
 * after a PostgreSQL restart) aborts the reads in flight, whose answers may predate the change:
 * they are read again, and after a burst of changes once past the cache, never failed as an error.
 */
export async function cachedRead<V>(
  fetchThroughCache: () => Promise<V | undefined>,
  readPastCache: () => Promise<V>,
): Promise<V | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchThroughCache();
    } catch (error) {
      // lru-cache rejects a fetch whose entry was cleared or deleted meanwhile with this message.
      if (!(error instanceof Error && error.message === "deleted")) throw error;
      if (attempt === 3) return readPastCache();
    }
  }
}
