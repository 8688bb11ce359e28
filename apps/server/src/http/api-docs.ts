import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SERVER_VERSION } from "../version.ts";
import type { Access } from "./access.ts";
import { API_DOCS, API_PREFIX } from "./api-paths.ts";

function accessText(access: Access | undefined): string {
  if (!access || access === "public") return "Public.";
  if (access === "signed-in") return "Needs a signed-in user (bearer token).";
  return "permission" in access
    ? `Needs the permission \`${access.permission}\`.`
    : `Needs the role \`${access.role}\`.`;
}

/**
 * The API documentation (system tools → API documentation): an OpenAPI 3 document generated from
 * the routes' own schemas, so it cannot drift from what the server checks, with what each route
 * asks of the caller; and Swagger UI over it. Only /prod-api routes are listed. Register before
 * the routes.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Rampart API",
          version: SERVER_VERSION,
          description:
            "Every answer is JSON `{code, msg, data}` (lists: `{code, msg, rows, total}`); `msg` is in the " +
            "language of the `Content-Language` header (en, zh-CN, zh-TW, id, vi).",
        },
        components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      },
      transform: ({ schema, url, route }) => {
        const access = route.config?.access;
        const hide = !url.startsWith(`${API_PREFIX}/`) || url.startsWith(API_DOCS) || url.includes("*");
        const tag = url.slice(API_PREFIX.length + 1).split("/")[0] ?? "";
        const secured = access !== undefined && access !== "public";
        return {
          url,
          schema: {
            ...schema,
            hide: hide || schema?.hide,
            tags: [tag],
            description: accessText(access),
            ...(secured ? { security: [{ bearer: [] }] } : {}),
          },
        };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS,
      // No top bar: the page documents this server's API only. Tags open folded: Swagger UI stops
      // rendering part-way when some 150 operations are all expanded at once.
      uiConfig: { layout: "BaseLayout", docExpansion: "none", deepLinking: true, defaultModelsExpandDepth: 0 },
      // Swagger UI styles itself with <style> elements it creates: allowed here, and only here.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: "api-docs", dependencies: ["access"] },
);
