import { passwordProblem } from "@rampart/contracts";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * The lowest zxcvbn score a new password may have. Score 1 means under a million guesses:
 * `password1`, `12345678a`, `qwerty123`, `Password1`, `P@ssw0rd1` (the common-password list with
 * its usual variations: capitals, l33t, a digit appended, keyboard walks, sequences).
 */
const MIN_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn-ts with its common dictionaries (about 30,000 passwords), loaded on first use only. */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/**
 * Why a new password is refused (a message key), or undefined: the shared length and character
 * rules, then whether it is among the most common passwords or a variation of one, or of the
 * user's own name. Used at registration, by operators creating a user or resetting a password,
 * and when users change their own.
 */
export async function newPasswordProblem(
  password: string,
  userName: string,
): Promise<ReturnType<typeof passwordProblem> | "password_common"> {
  const problem = passwordProblem(password, userName);
  if (problem) return problem;
  const { score } = (await strengthEstimator()).check(password, userName ? [userName] : []);
  return score < MIN_SCORE ? "password_common" : undefined;
}
