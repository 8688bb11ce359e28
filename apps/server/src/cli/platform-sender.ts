import { randomUUID } from "node:crypto";
import type { UsageBatchBody, UsageBatchTaken, UsageTarget } from "@rampart/contracts";
import { platformSignature } from "../modules/webhooks/platform-signature.ts";

/** An endpoint of System → Webhooks as the platform holds it: its id and its signing secret. */
export interface PlatformEndpoint {
  webhookId: number;
  secret: string;
}

export class PlatformRefusedError extends Error {
  override name = "PlatformRefusedError";
}

/**
 * A signed request to one of the platform's routes (Standard Webhooks headers, a new message id
 * each time), as the provider's platform makes it; the answer's data, or an error with Rampart's reason.
 */
async function signedPost<T>(baseUrl: string, path: string, endpoint: PlatformEndpoint, body: object): Promise<T> {
  const raw = JSON.stringify({ webhookId: endpoint.webhookId, ...body });
  const id = `msg_${randomUUID().replaceAll("-", "")}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": platformSignature(endpoint.secret, id, timestamp, raw),
    },
    body: raw,
  });
  const answer = (await response.json()) as { code: number; msg: string; data?: T };
  // A refused signature says nothing of why: the likely reasons, from the platform's side.
  const hint =
    response.status === 401
      ? " (is the endpoint enabled in System → Webhooks, its secret the latest, this clock right?)"
      : "";
  if (!response.ok || answer.data === undefined)
    throw new PlatformRefusedError(`Rampart refused ${path} (${response.status}): ${answer.msg}${hint}`);
  return answer.data;
}

/** Sends one batch to POST /prod-api/platform/usage; the counts kept. */
export function sendUsageBatch(
  baseUrl: string,
  endpoint: PlatformEndpoint,
  batch: Omit<UsageBatchBody, "webhookId">,
): Promise<UsageBatchTaken> {
  return signedPost(baseUrl, "/prod-api/platform/usage", endpoint, batch);
}

/** The services the platform reports on, asked with the endpoint's signature (its site's, or all). */
export function usageTargetsOf(baseUrl: string, endpoint: PlatformEndpoint): Promise<UsageTarget[]> {
  return signedPost(baseUrl, "/prod-api/platform/usage/targets", endpoint, {});
}
