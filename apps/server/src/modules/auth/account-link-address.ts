/**
 * Whether an account's address may receive a link that grants the account (a password reset, an
 * invitation sent again). While addresses are confirmed by mail, an unconfirmed address gets one
 * only when the account's owner typed it themselves (registering): an address an operator typed
 * is nobody's until the link mailed to it is opened, and an operator who typed their own must not
 * receive the customer's account through "Forgot password" (issue 37, item 3).
 */
export function addressGetsAccountLinks(
  user: { email: string; emailVerifiedAt: Date | null; emailSelfTyped: boolean },
  verificationOn: boolean,
): boolean {
  if (!user.email) return false;
  return !verificationOn || user.emailVerifiedAt !== null || user.emailSelfTyped;
}
