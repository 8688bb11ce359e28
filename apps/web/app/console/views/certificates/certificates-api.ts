import type {
  AcmeRequestBody,
  CertificateCheckView,
  CertificateUploadBody,
  CertificateView,
  CsrCertificateBody,
  Envelope,
  TlsWatchBody,
  TlsWatchView,
} from "@rampart/contracts";
import { download } from "../../../shared/request/download";
import { request } from "../../../shared/request/request-client";

const base = "/control/certificates";

/** A file name from a certificate's first name. */
const fileStem = (certificate: CertificateView) =>
  (certificate.names[0] ?? "certificate").replace(/^\*\./, "wildcard.").replace(/[^a-z0-9.-]/gi, "_");

/** The signed-in customer's certificates and watched TLS endpoints (Control center → Certificates). */
export const certificatesApi = {
  list: () => request<Envelope<CertificateView[]>>({ url: base }),
  requestFree: (body: AcmeRequestBody) =>
    request<Envelope<CertificateView>>({ url: `${base}/acme`, method: "POST", data: body }),
  check: (certificateId: number) =>
    request<Envelope<CertificateCheckView>>({ url: `${base}/${certificateId}/check`, method: "POST" }),
  upload: (body: CertificateUploadBody) =>
    request<Envelope<CertificateView>>({ url: `${base}/upload`, method: "POST", data: body }),
  recordCsr: (csr: string) => request<Envelope<CertificateView>>({ url: `${base}/csr`, method: "POST", data: { csr } }),
  attach: (certificateId: number, body: CsrCertificateBody) =>
    request<Envelope<CertificateView>>({ url: `${base}/${certificateId}/certificate`, method: "POST", data: body }),
  remove: (certificateId: number) => request<Envelope<never>>({ url: `${base}/${certificateId}`, method: "DELETE" }),
  downloadPem: (certificate: CertificateView, part: "fullchain" | "key") =>
    download({
      url: `${base}/${certificate.certificateId}/pem`,
      params: { part },
      fileName: `${fileStem(certificate)}-${part}.pem`,
    }),
  downloadCsr: (certificate: CertificateView) =>
    download({ url: `${base}/${certificate.certificateId}/csr`, fileName: `${fileStem(certificate)}.csr` }),
  downloadPfx: (certificate: CertificateView, password: string) =>
    download({
      url: `${base}/${certificate.certificateId}/pfx`,
      method: "POST",
      json: { password },
      fileName: `${fileStem(certificate)}.pfx`,
    }),
  watches: () => request<Envelope<TlsWatchView[]>>({ url: "/control/tls-watches" }),
  addWatch: (body: TlsWatchBody) =>
    request<Envelope<{ watchId: number }>>({ url: "/control/tls-watches", method: "POST", data: body }),
  removeWatch: (watchId: number) =>
    request<Envelope<never>>({ url: `/control/tls-watches/${watchId}`, method: "DELETE" }),
};
