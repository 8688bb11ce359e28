import { DEFAULT_LANGUAGE, type Language, languageFromTag } from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import Negotiator from "negotiator";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language (what the web client sends from `uselang`). */
    language: Language;
  }
}

/** Browsers send a handful of distinct headers: each is read once (a bounded memo, then afresh). */
const MEMO_LIMIT = 500;
const tagsOfHeader = new Map<string, readonly string[]>();

/** The languages of an Accept-Language header, most preferred first. */
export function preferredLanguageTags(header: string | undefined): readonly string[] {
  if (!header) return [];
  let tags = tagsOfHeader.get(header);
  if (tags === undefined) {
    tags = Object.freeze(new Negotiator({ headers: { "accept-language": header } }).languages());
    if (tagsOfHeader.size >= MEMO_LIMIT) tagsOfHeader.clear();
    tagsOfHeader.set(header, tags);
  }
  return tags;
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
