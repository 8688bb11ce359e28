import type { ChallengeCheck } from "@rampart/contracts";
import type { StoredChallenge } from "../../db/schema.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import type { RecordLookup } from "../../outbound/record-lookup.ts";
import { identifierOf } from "./certificate-names.ts";

/** The TXT record a DNS-01 challenge is answered with. */
export const txtRecordName = (name: string) => `_acme-challenge.${identifierOf(name)}`;
/** The path an HTTP-01 challenge's file is served at. */
export const challengePath = (token: string) => `/.well-known/acme-challenge/${token}`;

/** The address Rampart fetches an HTTP-01 file from (the CA does the same, on port 80). */
export function challengeFileUrl(challenge: Pick<StoredChallenge, "name" | "token">, port: number): string {
  return `http://${identifierOf(challenge.name)}${port === 80 ? "" : `:${port}`}${challengePath(challenge.token)}`;
}

/**
 * Looks every challenge's proof up as the CA will, before the CA is asked: the TXT records of
 * `_acme-challenge.<name>` through real DNS queries, or the file over HTTP (through the guarded
 * client: public addresses only). Says what it found for each.
 */
export async function checkChallenges(
  challenges: StoredChallenge[],
  deps: { records: RecordLookup; outbound: OutboundClient; http01Port: number },
): Promise<ChallengeCheck[]> {
  return Promise.all(
    challenges.map(async (challenge): Promise<ChallengeCheck> => {
      if (challenge.type === "dns-01") {
        let found: string[];
        try {
          found = await deps.records.txt(txtRecordName(challenge.name));
        } catch {
          found = [];
        }
        return {
          name: challenge.name,
          type: "dns-01",
          expected: challenge.keyAuthorization,
          found,
          ok: found.includes(challenge.keyAuthorization),
        };
      }
      const answer = await deps.outbound.request(challengeFileUrl(challenge, deps.http01Port), {
        maxBytes: 4096,
        timeoutMs: 5_000,
      });
      const body = answer.body.trim();
      const found =
        answer.status === null ? [] : [answer.status === 200 ? body.slice(0, 200) : `HTTP ${answer.status}`];
      return {
        name: challenge.name,
        type: "http-01",
        expected: challenge.keyAuthorization,
        found,
        ok: answer.status === 200 && body === challenge.keyAuthorization,
      };
    }),
  );
}
