import { DEFAULT_LANGUAGE, type Language, languageFromTag } from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import Negotiator from "negotiator";
import { headerMemo } from "./header-memo.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language (what the web client sends from `uselang`). */
    language: Language;
  }
}

const tagsOfHeader = headerMemo(500, (header): readonly string[] =>
  Object.freeze(new Negotiator({ headers: { "accept-language": header } }).languages()),
);

/** The languages of an Accept-Language header, most preferred first. */
export function preferredLanguageTags(header: string | undefined): readonly string[] {
  return header ? tagsOfHeader(header) : [];
}

export function languageOfRequest(request: FastifyRequest): Language {
  for (const tag of preferredLanguageTags(request.headers["accept-language"])) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export const languagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("language", DEFAULT_LANGUAGE);
    app.addHook("onRequest", (request, _reply, done) => {
      request.language = languageOfRequest(request);
      done();
    });
  },
  { name: "language" },
);
