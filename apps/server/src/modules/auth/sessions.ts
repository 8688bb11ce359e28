import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { ANYTHING_MAY_HAVE_CHANGED, type Database } from "../../db/client.ts";
import { sysSession, sysUser } from "../../db/schema.ts";
import type { Principal, PrincipalSource } from "../../http/principal.ts";
import { emailVerificationOn } from "./email-verification.ts";
import { grantsOf } from "./grants.ts";
import { twoFactorEnrolmentDue } from "./two-factor.ts";

/** Announces that sessions changed: a session id, or "*" when grants may have changed for anyone. */
export const SESSION_CHANGED_CHANNEL = "rampart_session_changed";
const EVERYONE = ANYTHING_MAY_HAVE_CHANGED;
/** last_seen_at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export type RevokeReason = "logout" | "forced" | "disabled";

interface CachedPrincipal {
  principal: Principal;
  touchedAt: number;
}

const NONE = Symbol("no live session");

/**
 * Server-side sessions. The record is the authority: a token is honoured only while its session
 * is live. Principals are cached in memory for a short time; a revocation or a change of grants is
 * announced on SESSION_CHANGED_CHANNEL (PostgreSQL NOTIFY) so that every process drops its copy at
 * once, and the process that made the change drops its own before answering. While this process
 * does not hear the notifications (their connection is being re-established), every request reads
 * its session from the database.
 */
export class SessionDirectory implements PrincipalSource {
  readonly #database: Database;
  readonly #ttlMs: number;
  readonly #now: () => Date;
  readonly #cache: LRUCache<string, CachedPrincipal | typeof NONE>;
  #unlisten: (() => Promise<void>) | undefined;
  readonly #grantListeners = new Set<() => void>();
  /** Counts forgets: a principal loaded across one is not kept (it may predate the change). */
  #generation = 0;
  /**
   * Sessions being read from the database: the requests that find a session missing from the cache
   * together wait for one read. Without it, a burst whose session had just left the cache (it is
   * kept 30 s) read it once per request, five queries each: 50 requests made 250 queries, on the
   * embedded database all on the server's one thread.
   */
  readonly #loading = new Map<string, Promise<CachedPrincipal | typeof NONE>>();

  constructor(database: Database, options: { sessionTtlMs: number; cacheTtlMs?: number; now: () => Date }) {
    this.#database = database;
    this.#ttlMs = options.sessionTtlMs;
    this.#now = options.now;
    this.#cache = new LRUCache({ max: 20_000, ttl: options.cacheTtlMs ?? 30_000 });
  }

  get sessionTtlMs(): number {
    return this.#ttlMs;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(SESSION_CHANGED_CHANNEL, (payload) => this.#forget(payload));
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  #forget(payload: string): void {
    this.#generation++;
    if (payload === EVERYONE) {
      this.#cache.clear();
      this.#loading.clear();
      for (const listener of this.#grantListeners) listener();
    } else {
      this.#cache.delete(payload);
      // A request that comes after the change does not wait for a read begun before it.
      this.#loading.delete(payload);
    }
  }

  /** Calls `listener` whenever roles or menus may have changed (anything derived is stale). */
  onGrantsChanged(listener: () => void): () => void {
    this.#grantListeners.add(listener);
    return () => this.#grantListeners.delete(listener);
  }

  async #announce(payload: string): Promise<void> {
    this.#forget(payload);
    await this.#database.notify(SESSION_CHANGED_CHANNEL, payload);
  }

  /** Starts a session for a user who just proved who they are. */
  async create(
    userId: number,
    client: { ip: string; userAgent: string },
  ): Promise<{ sessionId: string; expiresAt: Date }> {
    const now = this.#now();
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.#ttlMs);
    await this.#database.db.insert(sysSession).values({
      sessionId,
      userId,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
      loginAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { sessionId, expiresAt };
  }

  /** The principal of a live session of an enabled user, or null. */
  async principal(sessionId: string, userId: number): Promise<Principal | null> {
    const now = this.#now();
    const hearing = this.#database.hearsChanges();
    let cached = hearing ? this.#cache.get(sessionId) : undefined;
    if (cached === undefined) {
      // While changes are not heard, each request reads its session itself (none joins a read that
      // may have begun before a logout on another process).
      let loading = hearing ? this.#loading.get(sessionId) : undefined;
      if (!loading) {
        loading = this.#loadAndKeep(sessionId, now);
        if (hearing) {
          const own = loading;
          this.#loading.set(sessionId, own);
          const done = () => {
            if (this.#loading.get(sessionId) === own) this.#loading.delete(sessionId);
          };
          // A failed read is each waiting request's error (awaited below), not an unhandled one.
          own.then(done, done);
        }
      }
      cached = await loading;
    }
    return this.#admit(cached, sessionId, userId, now);
  }

  /**
   * The principal of a session kept in this process's memory (as `principal` answers it), without
   * waiting; undefined when the session must be read (not kept, or changes are not heard).
   */
  keptPrincipal(sessionId: string, userId: number): Principal | null | undefined {
    if (!this.#database.hearsChanges()) return undefined;
    const cached = this.#cache.get(sessionId);
    return cached === undefined ? undefined : this.#admit(cached, sessionId, userId, this.#now());
  }

  /** A kept session's principal if it is live and the token's user's; notes it was seen. */
  #admit(cached: CachedPrincipal | typeof NONE, sessionId: string, userId: number, now: Date): Principal | null {
    if (cached === NONE || cached.principal.userId !== userId || cached.principal.expiresAt <= now) return null;
    if (now.getTime() - cached.touchedAt >= TOUCH_INTERVAL_MS) {
      cached.touchedAt = now.getTime();
      void this.#database.db
        .update(sysSession)
        .set({ lastSeenAt: now })
        .where(eq(sysSession.sessionId, sessionId))
        .catch(() => {}); // last seen is informative; a failed write must not fail the request
    }
    return cached.principal;
  }

  /** Reads a session and keeps it, unless a change was announced meanwhile or changes are not heard. */
  async #loadAndKeep(sessionId: string, now: Date): Promise<CachedPrincipal | typeof NONE> {
    const generation = this.#generation;
    const loaded = await this.#load(sessionId, now);
    const cached = loaded ? { principal: loaded, touchedAt: now.getTime() } : NONE;
    if (generation === this.#generation && this.#database.hearsChanges()) this.#cache.set(sessionId, cached);
    return cached;
  }

  async #load(sessionId: string, now: Date): Promise<Principal | null> {
    const [row] = await this.#database.db
      .select({ user: sysUser, expiresAt: sysSession.expiresAt })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
      .where(
        and(
          eq(sysSession.sessionId, sessionId),
          isNull(sysSession.revokedAt),
          gt(sysSession.expiresAt, now),
          eq(sysUser.status, "0"),
        ),
      );
    if (!row) return null;
    const { user } = row;
    const grants = await grantsOf(this.#database.db, user.userId);
    const twoFactorEnrolment = await twoFactorEnrolmentDue(this.#database.db, user.userId);
    const confirmed = Boolean(user.email && user.emailVerifiedAt);
    const orderingBlocked =
      confirmed || !(await emailVerificationOn(this.#database.db))
        ? null
        : user.email
          ? "email_unverified"
          : "email_needed_to_order";
    return {
      sessionId,
      twoFactorEnrolment,
      orderingBlocked,
      userId: user.userId,
      userName: user.userName,
      siteId: user.siteId,
      expiresAt: row.expiresAt,
      ...grants,
      user: {
        userId: user.userId,
        userName: user.userName,
        nickName: user.nickName,
        email: user.email,
        phonenumber: user.phone,
        avatar: user.avatar,
        status: user.status,
        siteId: user.siteId,
        loginIp: user.loginIp,
        loginDate: user.loginDate?.toISOString() ?? null,
        createTime: user.createdAt.toISOString(),
        emailVerified: Boolean(user.email && user.emailVerifiedAt),
        timeZone: user.timeZone,
      },
    };
  }

  /** Extends a live session by the session lifetime from now; returns the new expiry. */
  async refresh(sessionId: string): Promise<Date | null> {
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + this.#ttlMs);
    const rows = await this.#database.db
      .update(sysSession)
      .set({ expiresAt, lastSeenAt: now })
      .where(and(eq(sysSession.sessionId, sessionId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, now)))
      .returning({ sessionId: sysSession.sessionId });
    if (rows.length === 0) return null;
    await this.#announce(sessionId);
    return expiresAt;
  }

  /** Ends a session at once, on every process. False when it was not live. */
  async revoke(sessionId: string, reason: RevokeReason): Promise<boolean> {
    const rows = await this.#database.db
      .update(sysSession)
      .set({ revokedAt: this.#now(), revokedReason: reason })
      .where(and(eq(sysSession.sessionId, sessionId), isNull(sysSession.revokedAt)))
      .returning({ sessionId: sysSession.sessionId });
    await this.#announce(sessionId);
    return rows.length > 0;
  }

  /** Ends every session of a user (disabled, password reset). */
  async revokeUser(userId: number, reason: RevokeReason): Promise<number> {
    const rows = await this.#database.db
      .update(sysSession)
      .set({ revokedAt: this.#now(), revokedReason: reason })
      .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt)))
      .returning({ sessionId: sysSession.sessionId });
    for (const row of rows) await this.#announce(row.sessionId);
    return rows.length;
  }

  /** A user's own live sessions, the latest active first (the personal center). */
  async ofUser(userId: number) {
    return this.#database.db
      .select({
        sessionId: sysSession.sessionId,
        ip: sysSession.ip,
        userAgent: sysSession.userAgent,
        loginAt: sysSession.loginAt,
        lastSeenAt: sysSession.lastSeenAt,
      })
      .from(sysSession)
      .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, this.#now())))
      .orderBy(desc(sysSession.lastSeenAt));
  }

  /** Ends one of a user's own sessions, on every process; false when it is not theirs or not live. */
  async revokeOwn(userId: number, sessionId: string): Promise<boolean> {
    const rows = await this.#database.db
      .update(sysSession)
      .set({ revokedAt: this.#now(), revokedReason: "logout" })
      .where(and(eq(sysSession.sessionId, sessionId), eq(sysSession.userId, userId), isNull(sysSession.revokedAt)))
      .returning({ sessionId: sysSession.sessionId });
    for (const row of rows) await this.#announce(row.sessionId);
    return rows.length > 0;
  }

  /** Ends every session of a user but one (theirs, in use), on every process; how many ended. */
  async revokeOthers(userId: number, keepSessionId: string): Promise<number> {
    const rows = await this.#database.db
      .update(sysSession)
      .set({ revokedAt: this.#now(), revokedReason: "logout" })
      .where(and(eq(sysSession.userId, userId), ne(sysSession.sessionId, keepSessionId), isNull(sysSession.revokedAt)))
      .returning({ sessionId: sysSession.sessionId });
    for (const row of rows) await this.#announce(row.sessionId);
    return rows.length;
  }

  /** A user's profile changed: principals (which carry it) are reloaded on their next request. */
  async userChanged(): Promise<void> {
    await this.#announce(EVERYONE);
  }

  /** Roles or menus changed: every process reloads every principal on its next request. */
  async grantsChanged(): Promise<void> {
    await this.#announce(EVERYONE);
  }

  /** The live sessions, newest first (the online-users page); only one site's accounts' when scoped. */
  async online(siteScope: number | null = null) {
    const now = this.#now();
    return this.#database.db
      .select({
        sessionId: sysSession.sessionId,
        userId: sysSession.userId,
        userName: sysUser.userName,
        ip: sysSession.ip,
        userAgent: sysSession.userAgent,
        loginAt: sysSession.loginAt,
        lastSeenAt: sysSession.lastSeenAt,
        expiresAt: sysSession.expiresAt,
      })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
      .where(
        and(
          isNull(sysSession.revokedAt),
          gt(sysSession.expiresAt, now),
          siteScope === null ? undefined : eq(sysUser.siteId, siteScope),
        ),
      )
      .orderBy(desc(sysSession.loginAt));
  }
}
