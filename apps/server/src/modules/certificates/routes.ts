import {
  AcmeRequestBody,
  CertificateUploadBody,
  CsrCertificateBody,
  CsrRecordBody,
  Id,
  PfxBody,
  TlsWatchBody,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import { type AcmeDeps, checkAcmeOrder, openAcmeOrder } from "./acme-orders.ts";
import {
  attachCsrCertificate,
  certificateOf,
  certificateView,
  fullChainOf,
  listCertificates,
  pfxOf,
  privateKeyOf,
  recordCsr,
  removeCertificate,
  uploadCertificate,
} from "./certificate-store.ts";
import { addWatch, listWatches, removeWatch } from "./tls-watches.ts";

const CertificateParams = Type.Object({ certificateId: Id() });
const WatchParams = Type.Object({ watchId: Id() });
const PemQuery = Type.Object({ part: Type.Union([Type.Literal("fullchain"), Type.Literal("key")]) });
type Params = { Params: { certificateId: number } };
/** CA orders and on-demand lookups or connections: a few a minute per client. */
const ORDERS = { max: 10, timeWindow: "1 minute" };
const ON_DEMAND = { max: 30, timeWindow: "1 minute" };

/** A file name from a certificate's first name: "shop.example.com-fullchain.pem". */
const fileNameOf = (names: string[], suffix: string) =>
  `${(names[0] ?? "certificate").replace(/^\*\./, "wildcard.").replace(/[^a-z0-9.-]/gi, "_")}${suffix}`;

/**
 * Control center → Certificates: a signed-in user's own certificates (free ones by ACME, uploaded
 * ones, CSRs made in their browser), their downloads, and the TLS endpoints they watch. Every
 * route looks the certificate up by its owner.
 */
export async function certificateRoutes(app: FastifyInstance, deps: AcmeDeps & { http01Port: number }) {
  const { db, seal, now } = deps;
  const signedIn = { access: "signed-in" as const };
  const storeDeps = { db, seal, events: deps.events, now, http01Port: deps.http01Port };
  const viewOf = async (userId: number, certificateId: number) =>
    certificateView(await certificateOf(db, userId, certificateId), deps.http01Port);

  app.get("/prod-api/control/certificates", { config: signedIn }, async (request) =>
    ok(request, await listCertificates(db, principalOf(request).userId, deps.http01Port)),
  );

  app.post<{ Body: AcmeRequestBody }>(
    "/prod-api/control/certificates/acme",
    { config: { ...signedIn, rateLimit: ORDERS }, schema: { body: AcmeRequestBody } },
    async (request) => {
      const { userId, siteId } = principalOf(request);
      const certificateId = await openAcmeOrder(deps, { userId, siteId }, request.body);
      return {
        ...ok(request, await viewOf(userId, certificateId)),
        msg: translate(request.language, "certificate_requested"),
      };
    },
  );

  app.post<Params>(
    "/prod-api/control/certificates/:certificateId/check",
    { config: { ...signedIn, rateLimit: ON_DEMAND }, schema: { params: CertificateParams } },
    async (request) => {
      const checked = await checkAcmeOrder(deps, request.params.certificateId, principalOf(request).userId);
      const key = checked.ready ? "certificate_records_found" : "certificate_records_missing";
      return { ...ok(request, checked), msg: translate(request.language, key) };
    },
  );

  app.post<{ Body: CertificateUploadBody }>(
    "/prod-api/control/certificates/upload",
    { config: signedIn, schema: { body: CertificateUploadBody } },
    async (request) => {
      const { userId, siteId } = principalOf(request);
      const certificateId = await uploadCertificate(storeDeps, { userId, siteId }, request.body);
      return {
        ...ok(request, await viewOf(userId, certificateId)),
        msg: translate(request.language, "certificate_saved"),
      };
    },
  );

  app.post<{ Body: CsrRecordBody }>(
    "/prod-api/control/certificates/csr",
    { config: signedIn, schema: { body: CsrRecordBody } },
    async (request) => {
      const { userId, siteId } = principalOf(request);
      const certificateId = await recordCsr(storeDeps, { userId, siteId }, request.body.csr);
      return {
        ...ok(request, await viewOf(userId, certificateId)),
        msg: translate(request.language, "certificate_saved"),
      };
    },
  );

  app.post<Params & { Body: CsrCertificateBody }>(
    "/prod-api/control/certificates/:certificateId/certificate",
    { config: signedIn, schema: { params: CertificateParams, body: CsrCertificateBody } },
    async (request) => {
      const { userId } = principalOf(request);
      await attachCsrCertificate(storeDeps, userId, request.params.certificateId, request.body);
      return {
        ...ok(request, await viewOf(userId, request.params.certificateId)),
        msg: translate(request.language, "certificate_saved"),
      };
    },
  );

  app.delete<Params>(
    "/prod-api/control/certificates/:certificateId",
    { config: signedIn, schema: { params: CertificateParams } },
    async (request) => {
      await removeCertificate(db, principalOf(request).userId, request.params.certificateId);
      return { code: 200, msg: translate(request.language, "certificate_removed") };
    },
  );

  app.get<Params & { Querystring: { part: "fullchain" | "key" } }>(
    "/prod-api/control/certificates/:certificateId/pem",
    { config: signedIn, schema: { params: CertificateParams, querystring: PemQuery } },
    async (request, reply) => {
      const row = await certificateOf(db, principalOf(request).userId, request.params.certificateId);
      const key = request.query.part === "key";
      const text = key ? privateKeyOf(row, seal) : fullChainOf(row);
      return reply
        .type("application/x-pem-file")
        .header("cache-control", "no-store")
        .header(
          "content-disposition",
          `attachment; filename="${fileNameOf(row.names, key ? "-key.pem" : "-fullchain.pem")}"`,
        )
        .send(text);
    },
  );

  app.get<Params>(
    "/prod-api/control/certificates/:certificateId/csr",
    { config: signedIn, schema: { params: CertificateParams } },
    async (request, reply) => {
      const row = await certificateOf(db, principalOf(request).userId, request.params.certificateId);
      if (!row.csrPem)
        return reply.code(404).send({ code: 404, msg: translate(request.language, "certificate_not_found") });
      return reply
        .type("application/pkcs10")
        .header("content-disposition", `attachment; filename="${fileNameOf(row.names, ".csr")}"`)
        .send(row.csrPem);
    },
  );

  app.post<Params & { Body: { password: string } }>(
    "/prod-api/control/certificates/:certificateId/pfx",
    { config: signedIn, schema: { params: CertificateParams, body: PfxBody } },
    async (request, reply) => {
      const row = await certificateOf(db, principalOf(request).userId, request.params.certificateId);
      const file = await pfxOf(row, seal, request.body.password);
      return reply
        .type("application/x-pkcs12")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="${fileNameOf(row.names, ".pfx")}"`)
        .send(file);
    },
  );

  app.get("/prod-api/control/tls-watches", { config: signedIn }, async (request) =>
    ok(request, await listWatches(db, principalOf(request).userId)),
  );

  app.post<{ Body: TlsWatchBody }>(
    "/prod-api/control/tls-watches",
    { config: { ...signedIn, rateLimit: ON_DEMAND }, schema: { body: TlsWatchBody } },
    async (request) => {
      const { userId, siteId } = principalOf(request);
      const watchId = await addWatch(deps, { userId, siteId }, request.body);
      return { ...ok(request, { watchId }), msg: translate(request.language, "tls_watch_saved") };
    },
  );

  app.delete<{ Params: { watchId: number } }>(
    "/prod-api/control/tls-watches/:watchId",
    { config: signedIn, schema: { params: WatchParams } },
    async (request) => {
      await removeWatch(db, principalOf(request).userId, request.params.watchId);
      return { code: 200, msg: translate(request.language, "tls_watch_removed") };
    },
  );
}
