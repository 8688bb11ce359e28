import type { SessionUser } from "@rampart/contracts";

/** Who is asking: a live session, its user and what they may do. */
export interface Principal {
  sessionId: string;
  userId: number;
  userName: string;
  /** The site a customer belongs to; null for operators. */
  siteId: number | null;
  roles: string[];
  permissions: string[];
  expiresAt: Date;
  /** A role demands a second factor the user has not set up: only enrolling is allowed. */
  twoFactorEnrolment: boolean;
  /** The user's profile as getInfo shows it (never the password). */
  user: SessionUser;
  /**
   * Why the user may not order yet (customers confirm their address first, when the setting is
   * on), or null; kept with the principal so that createOrder asks the database nothing for it.
   */
  orderingBlocked: "email_unverified" | "email_needed_to_order" | null;
}

/** Where the access check finds the principal of a verified token (the auth module's sessions). */
export interface PrincipalSource {
  /** The live session's principal, or null when it ended (logout, expiry, forced, disabled). */
  principal(sessionId: string, userId: number): Promise<Principal | null>;
  /** The same when this process can answer without waiting; undefined when it cannot. */
  keptPrincipal(sessionId: string, userId: number): Principal | null | undefined;
}
