import multipart from "@fastify/multipart";
import { Ok, SingleLine } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { fieldLabel } from "../../http/field-labels.ts";
import { attachmentMaxMb } from "./attachment-limit.ts";
import {
  checkUpload,
  FILE_NAME_MAX,
  FILE_URL_PREFIX,
  fileNameProblem,
  UPLOAD_KINDS,
  type UploadKind,
} from "./file-rules.ts";
import { storedFile, storeUpload } from "./service.ts";

const MAX_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));
const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

export async function fileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 100, parts: 5 },
  });

  /**
   * Upload one file (multipart field `file`; field `kind` = image, file or attachment, default
   * image). The content is checked, then stored under a random id; answers {code, data: {url}}. An
   * attachment (for a support ticket) is private: its `url` is its id, which a ticket's message
   * takes; its ticket serves it.
   */
  app.post(
    "/prod-api/file/upload",
    {
      config: { access: "signed-in", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        response: { 200: Ok(Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer() })) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!request.isMultipart()) throw new BadRequestError("upload_missing");
      let kind: UploadKind = "image";
      let upload: { name: string; content: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field" && part.fieldname === "kind") {
            if (part.value !== "image" && part.value !== "file" && part.value !== "attachment")
              throw new BadRequestError("field_invalid", { field: fieldLabel("kind") });
            kind = part.value;
          } else if (part.type === "file" && part.fieldname === "file") {
            const content = await part.toBuffer();
            upload = { name: part.filename, content };
          } else if (part.type === "file") {
            part.file.resume(); // an unexpected file field: read it away, keep nothing
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") {
          if (kind === "attachment")
            throw new AppError(413, "upload_attachment_too_large", {
              limit: await attachmentMaxMb(db),
            });
          throw new AppError(413, "upload_too_large", { limit: UPLOAD_KINDS[kind].maxBytes / 1024 / 1024 });
        }
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
          throw new BadRequestError("upload_too_many", { limit: 1 });
        if (error instanceof AppError) throw error;
        // Anything else the multipart reader throws is about the form sent (no boundary, cut short).
        throw new BadRequestError("upload_malformed");
      }
      if (!upload) throw new BadRequestError("upload_missing");
      const nameProblem = fileNameProblem(upload.name);
      if (nameProblem) throw new BadRequestError(nameProblem, { field: fieldLabel("fileName"), limit: FILE_NAME_MAX });
      // A ticket's attachment: no larger than the desk's setting says.
      if (kind === "attachment") {
        const limit = await attachmentMaxMb(db);
        if (upload.content.length > limit * 1024 * 1024)
          throw new AppError(413, "upload_attachment_too_large", { limit });
      }
      const check = await checkUpload(kind, upload.name, upload.content);
      if (!check.ok) {
        throw check.reason === "size"
          ? new AppError(413, "upload_too_large", { limit: check.limitMb })
          : new BadRequestError("upload_wrong_type", { allowed: check.allowed });
      }
      const fileId = await storeUpload(db, principal, {
        name: upload.name,
        content: upload.content,
        contentType: check.contentType,
        extension: check.extension,
        private: kind === "attachment",
      });
      const stored = {
        // A private file has no public address: its ticket serves it, once attached.
        url: kind === "attachment" ? fileId : `${FILE_URL_PREFIX}${fileId}.${check.extension}`,
        name: upload.name,
        size: upload.content.length,
      };
      // The operation log keeps what was stored (the form itself is not kept).
      request.changed = { before: null, after: stored };
      return ok(request, stored);
    },
  );

  /**
   * A stored file, with headers that keep it inert: the type found in its content, no sniffing,
   * a sandboxing policy, and a download for anything that is not an image.
   */
  app.get<{ Params: { name: string } }>(
    "/prod-api/file/:name",
    { config: { access: "public" }, schema: { params: Type.Object({ name: SingleLine({ maxLength: 50 }) }) } },
    async (request, reply) => {
      const fileId = request.params.name.replace(/\.[a-z0-9]+$/i, "");
      if (!new RegExp(UUID).test(fileId)) throw new NotFoundError();
      const file = await storedFile(db, fileId);
      if (!file || file.private) throw new NotFoundError();
      const image = file.contentType.startsWith("image/");
      return reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-disposition", `${image ? "inline" : "attachment"}; filename="${fileId}.${file.extension}"`)
        .send(file.content);
    },
  );
}
