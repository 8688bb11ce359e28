import {
  Id,
  Ok,
  Page,
  WebhookBody,
  WebhookMessageQuery,
  WebhookMessageView,
  WebhookSecret,
  WebhookView,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { checkEndpointAddress } from "./endpoint-address.ts";
import { isKeyRequest, platformCertificateKey } from "./platform-certificate-key.ts";
import { CALLBACK_REFUSALS, platformRoute } from "./platform-request.ts";
import { acceptProvisioningCallback, isProvisioningCallback } from "./provisioning-callback.ts";
import {
  createWebhook,
  listMessages,
  listWebhooks,
  messageInScope,
  removeWebhook,
  rollSecret,
  updateWebhook,
} from "./webhook-admin.ts";
import type { WebhookDelivery } from "./webhook-delivery.ts";

const WebhookParams = Type.Object({ webhookId: Id() });
const MessageParams = Type.Object({ messageId: Type.String({ pattern: "^msg_[0-9a-f]{32}$" }) });

export interface WebhookRouteDeps {
  db: Db;
  seal: SecretSeal;
  delivery: WebhookDelivery;
  now: () => Date;
  allowLoopback: boolean;
  /** Certificates' keys, sealed: the platform fetches one to deploy it. */
  certificateSeal: SecretSeal;
}

/**
 * System → Webhooks (`system:webhook:*`): the provider's platform's endpoints (a site-bound
 * operator's are their site's), their messages and tries, replays; and the platform's signed
 * callback that says whether it set a service up.
 */
export async function webhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps) {
  const { db, seal, now } = deps;

  /** The address checked (https, resolvable, public): refused with the reason, in the user's language. */
  const checked = async (body: WebhookBody, siteScope: number | null): Promise<WebhookBody> => {
    const address = await checkEndpointAddress(body.url.trim(), deps.allowLoopback);
    if (!address.ok) throw new BadRequestError(address.problem, { value: address.value });
    // A site-bound operator's endpoint is their site's.
    return { ...body, siteId: siteScope ?? body.siteId };
  };

  app.get(
    "/prod-api/system/webhook/list",
    {
      config: { access: { permission: "system:webhook:list" } },
      schema: { response: { 200: Ok(Type.Array(WebhookView)) } },
    },
    async (request) => ok(request, await listWebhooks(db, siteScopeOf(principalOf(request)), now())),
  );

  app.post<{ Body: WebhookBody }>(
    "/prod-api/system/webhook",
    {
      config: { access: { permission: "system:webhook:add" } },
      schema: { body: WebhookBody, response: { 200: Ok(WebhookSecret) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const body = await checked(request.body, siteScopeOf(principal));
      const created = await createWebhook(db, seal, body, principal.userName);
      request.changed = { before: null, after: { url: body.url, events: body.events, siteId: body.siteId } };
      return ok(request, created);
    },
  );

  app.put<{ Params: { webhookId: number }; Body: WebhookBody }>(
    "/prod-api/system/webhook/:webhookId",
    { config: { access: { permission: "system:webhook:edit" } }, schema: { params: WebhookParams, body: WebhookBody } },
    async (request) => {
      const scope = siteScopeOf(principalOf(request));
      const body = await checked(request.body, scope);
      if (!(await updateWebhook(db, request.params.webhookId, body, scope, now())))
        throw new NotFoundError("webhook_not_found");
      request.changed = { before: null, after: { url: body.url, events: body.events, enabled: body.enabled ?? true } };
      return { code: 200, msg: translate(request.language, "webhook_saved") };
    },
  );

  app.delete<{ Params: { webhookId: number } }>(
    "/prod-api/system/webhook/:webhookId",
    { config: { access: { permission: "system:webhook:remove" } }, schema: { params: WebhookParams } },
    async (request) => {
      if (!(await removeWebhook(db, request.params.webhookId, siteScopeOf(principalOf(request)))))
        throw new NotFoundError("webhook_not_found");
      return { code: 200, msg: translate(request.language, "webhook_removed") };
    },
  );

  /** A new signing secret, shown this once (the old one stops signing at once). */
  app.post<{ Params: { webhookId: number } }>(
    "/prod-api/system/webhook/:webhookId/secret",
    {
      config: { access: { permission: "system:webhook:edit" } },
      schema: { params: WebhookParams, response: { 200: Ok(WebhookSecret) } },
    },
    async (request) => {
      const { webhookId } = request.params;
      const secret = await rollSecret(db, seal, webhookId, siteScopeOf(principalOf(request)), now());
      if (!secret) throw new NotFoundError("webhook_not_found");
      request.changed = { before: null, after: { secret: "rolled" } };
      return ok(request, { webhookId, secret });
    },
  );

  app.get<{ Params: { webhookId: number }; Querystring: WebhookMessageQuery }>(
    "/prod-api/system/webhook/:webhookId/messages",
    {
      config: { access: { permission: "system:webhook:list" } },
      schema: { params: WebhookParams, querystring: WebhookMessageQuery, response: { 200: Page(WebhookMessageView) } },
    },
    async (request) => {
      const scope = siteScopeOf(principalOf(request));
      const found = await listMessages(db, request.params.webhookId, request.query, scope);
      if (!found) throw new NotFoundError("webhook_not_found");
      return page(request, found.rows, found.total);
    },
  );

  /** Sends a message again, with the same id (a receiver that took it already knows it). */
  app.post<{ Params: { messageId: string } }>(
    "/prod-api/system/webhook/message/:messageId/replay",
    { config: { access: { permission: "system:webhook:replay" } }, schema: { params: MessageParams } },
    async (request) => {
      const { messageId } = request.params;
      if (!(await messageInScope(db, messageId, siteScopeOf(principalOf(request)))))
        throw new NotFoundError("webhook_message_not_found");
      await deps.delivery.replay(messageId);
      return { code: 200, msg: translate(request.language, "webhook_replayed") };
    },
  );

  // The platform's requests are signed over their exact bytes: these routes keep them as they came.
  const callback = { bodyLimit: 16 * 1024, refusals: CALLBACK_REFUSALS };
  await platformRoute(
    app,
    deps,
    { ...callback, path: "/prod-api/provisioning/callback", form: isProvisioningCallback },
    async (request, signed) => {
      const result = await acceptProvisioningCallback(db, signed, now());
      if (!result.ok) {
        request.log.warn({ refusal: result.refusal }, "provisioning callback refused");
        throw new AppError(result.status, result.refusal);
      }
      return { code: 200, msg: translate(request.language, "webhook_callback_taken") };
    },
  );
  await platformRoute(
    app,
    deps,
    { ...callback, path: "/prod-api/provisioning/certificate-key", form: isKeyRequest },
    async (request, signed, reply) => {
      const result = await platformCertificateKey(db, deps.certificateSeal, signed, now());
      if (!result.ok) {
        request.log.warn({ refusal: result.refusal }, "certificate key request refused");
        throw new AppError(result.status, result.refusal);
      }
      reply.header("cache-control", "no-store");
      return { code: 200, msg: "OK", data: { certificateId: result.certificateId, privateKeyPem: result.key } };
    },
  );
}
