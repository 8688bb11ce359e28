import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { emailRoutes } from "./email-routes.ts";
import { defineLinkReissues } from "./link-reissue.ts";
import { ownSessionRoutes } from "./own-session-routes.ts";
import {
  PASSWORD_RESET_POLICY,
  PASSWORD_RESET_QUEUE,
  PasswordResetRequests,
  type ResetAsked,
} from "./password-reset-requests.ts";
import { authRoutes } from "./routes.ts";
import { twoFactorRoutes } from "./two-factor-routes.ts";
import { removeExpiredTokens } from "./user-tokens.ts";

const SWEEP_EXPIRED_TOKENS = "sweep-expired-tokens";

/**
 * Signing in and out, registration, password recovery, confirmed addresses, two-factor and the
 * sessions; one-time tokens a week past their expiry are removed daily.
 */
export const authModule = defineModule({
  name: "auth",
  services: ({ db, jobs, mail, sessions, now }) => {
    // A failed mail with a one-time link is sent again as a new link, by the module that owns it.
    defineLinkReissues(mail, { db, sessions, now });
    return { resets: new PasswordResetRequests({ db, jobs, mail, sessions, now }) };
  },
  routes: async (server, { db, sessions, tokens, captcha, twoFactor, mail, now, sites, resets, config }) => {
    await server.register(authRoutes, {
      deps: { db, sessions, tokens, captcha, twoFactor, mail, now },
      sites,
      mail,
      resets,
      loginRateLimitPerMinute: config.loginRateLimitPerMinute,
    });
    await server.register(emailRoutes, { db, mail, now, sessions });
    await server.register(twoFactorRoutes, { twoFactor, sessions, sites });
    await server.register(ownSessionRoutes, { sessions });
  },
  jobs: [
    {
      queue: PASSWORD_RESET_QUEUE,
      policy: PASSWORD_RESET_POLICY,
      run: (asked: ResetAsked, { resets }, job) => resets.run(asked, job),
    },
    {
      queue: SWEEP_EXPIRED_TOKENS,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, log }) => {
        const removed = await removeExpiredTokens(db, now());
        if (removed > 0) log.info({ removed }, "removed expired one-time tokens");
      },
    },
  ],
  schedules: [{ queue: SWEEP_EXPIRED_TOKENS, cron: "43 3 * * *" }],
});
