import { defineModule } from "../../define-module.ts";
import { invoiceAttachments } from "./invoice-attachments.ts";
import { invoiceRoutes } from "./routes.ts";

/** Invoices and credit notes: their numbers, their PDFs (downloads, and the receipts' attachments). */
export const invoicesModule = defineModule({
  name: "invoices",
  services: ({ mail }) => {
    mail.defineAttachments(invoiceAttachments);
    return {};
  },
  routes: async (server, { db }) => {
    await server.register(invoiceRoutes, { db });
  },
});
