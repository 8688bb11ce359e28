import {
  HELP_SUGGESTIONS,
  HelpArticleBody,
  HelpArticleQuery,
  HelpCategoryBody,
  HelpSearchQuery,
  Id,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { type MessageKey, type MessageParams, translate } from "../../http/messages.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import {
  articleForOperator,
  helpCategories,
  listArticles,
  removeArticle,
  removeCategory,
  saveArticle,
  saveCategory,
} from "./help-admin.ts";
import type { HelpCentre } from "./help-centre.ts";

const LIST = { access: { permission: "business:help:list" as const } };
const EDIT = { access: { permission: "business:help:edit" as const } };
/** A reader's pace: searching as they type, answering "was this helpful?". */
const READING = { max: 120, timeWindow: "1 minute" };

interface HelpDeps {
  db: Db;
  sites: SiteDirectory;
  help: HelpCentre;
  now: () => Date;
}

/**
 * The help centre's API: the public search of the visitor's site and language (the ticket form's
 * suggestions), "was this helpful?", and Business → Help centre (`business:help:list|edit`): the
 * articles (an operator bound to a site reads the installation's and writes their site's) and
 * the installation's categories (unbound operators only).
 */
export async function helpRoutes(app: FastifyInstance, { db, sites, help, now }: HelpDeps) {
  const scopeOf = (request: FastifyRequest) => siteScopeOf(principalOf(request));
  const done = (request: FastifyRequest, key: MessageKey, params: MessageParams = {}) => ({
    code: 200,
    msg: translate(request.language, key, params),
  });

  app.get<{ Querystring: HelpSearchQuery }>(
    "/prod-api/help/search",
    { config: { access: "public", rateLimit: READING }, schema: { querystring: HelpSearchQuery } },
    async (request, reply) => {
      const site = await sites.siteForHostHeader(request.headers.host);
      const found = await help.search(
        site?.siteId ?? null,
        request.language,
        request.query.q.slice(0, 100),
        request.query.limit ?? HELP_SUGGESTIONS,
      );
      reply.header("cache-control", "no-store");
      return ok(request, found);
    },
  );

  app.post<{ Params: { articleId: number }; Body: { helpful: boolean } }>(
    "/prod-api/help/articles/:articleId/helpful",
    {
      config: { access: "public", rateLimit: READING },
      schema: {
        params: Type.Object({ articleId: Id() }),
        body: Type.Object({ helpful: Type.Boolean() }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const site = await sites.siteForHostHeader(request.headers.host);
      const rated = await help.rate(
        site?.siteId ?? null,
        request.params.articleId,
        request.body.helpful,
        { ip: request.ip },
        now(),
      );
      if (!rated) throw new NotFoundError("help_article_not_found");
      return done(request, "help_feedback_thanks");
    },
  );

  app.get<{ Querystring: HelpArticleQuery }>(
    "/prod-api/business/help/articles",
    { config: LIST, schema: { querystring: HelpArticleQuery } },
    async (request) => {
      const { rows, total } = await listArticles(db, scopeOf(request), request.query);
      return page(request, rows, total);
    },
  );

  app.get<{ Params: { articleId: number } }>(
    "/prod-api/business/help/articles/:articleId",
    { config: LIST, schema: { params: Type.Object({ articleId: Id() }) } },
    async (request) => ok(request, await articleForOperator(db, scopeOf(request), request.params.articleId)),
  );

  app.post<{ Body: HelpArticleBody }>(
    "/prod-api/business/help/articles",
    { config: EDIT, schema: { body: HelpArticleBody } },
    async (request) => {
      const principal = principalOf(request);
      const saved = await saveArticle(db, scopeOf(request), null, request.body, principal.userName, now());
      request.changed = { before: null, after: saved };
      await help.announceChange();
      return { ...ok(request, saved), msg: translate(request.language, "help_article_saved") };
    },
  );

  app.put<{ Params: { articleId: number }; Body: HelpArticleBody }>(
    "/prod-api/business/help/articles/:articleId",
    { config: EDIT, schema: { params: Type.Object({ articleId: Id() }), body: HelpArticleBody } },
    async (request) => {
      const principal = principalOf(request);
      const before = await articleForOperator(db, scopeOf(request), request.params.articleId);
      const saved = await saveArticle(
        db,
        scopeOf(request),
        request.params.articleId,
        request.body,
        principal.userName,
        now(),
      );
      request.changed = { before, after: saved };
      await help.announceChange();
      return { ...ok(request, saved), msg: translate(request.language, "help_article_saved") };
    },
  );

  app.delete<{ Params: { articleId: number } }>(
    "/prod-api/business/help/articles/:articleId",
    { config: EDIT, schema: { params: Type.Object({ articleId: Id() }) } },
    async (request) => {
      const before = await articleForOperator(db, scopeOf(request), request.params.articleId);
      await removeArticle(db, scopeOf(request), request.params.articleId);
      request.changed = { before, after: null };
      await help.announceChange();
      return done(request, "help_article_removed");
    },
  );

  app.get("/prod-api/business/help/categories", { config: LIST }, async (request) =>
    ok(request, await helpCategories(db, request.language)),
  );

  /**
   * The categories are the installation's: an operator bound to a site may read them, not change
   * them (they write their site's articles with the same permission, so it is not a global one).
   */
  const CATEGORY_EDIT = EDIT;
  const installationOnly = (request: FastifyRequest) => {
    if (scopeOf(request) !== null) throw new AppError(403, "global_object");
  };

  app.post<{ Body: HelpCategoryBody }>(
    "/prod-api/business/help/categories",
    { config: CATEGORY_EDIT, schema: { body: HelpCategoryBody } },
    async (request) => {
      installationOnly(request);
      const saved = await saveCategory(db, null, request.body, request.language);
      await help.announceChange();
      return { ...ok(request, saved), msg: translate(request.language, "help_category_saved") };
    },
  );

  app.put<{ Params: { categoryId: number }; Body: HelpCategoryBody }>(
    "/prod-api/business/help/categories/:categoryId",
    { config: CATEGORY_EDIT, schema: { params: Type.Object({ categoryId: Id() }), body: HelpCategoryBody } },
    async (request) => {
      installationOnly(request);
      const saved = await saveCategory(db, request.params.categoryId, request.body, request.language);
      await help.announceChange();
      return { ...ok(request, saved), msg: translate(request.language, "help_category_saved") };
    },
  );

  app.delete<{ Params: { categoryId: number } }>(
    "/prod-api/business/help/categories/:categoryId",
    { config: CATEGORY_EDIT, schema: { params: Type.Object({ categoryId: Id() }) } },
    async (request) => {
      installationOnly(request);
      const name = await removeCategory(db, request.params.categoryId, request.language);
      await help.announceChange();
      return done(request, "help_category_removed", { name });
    },
  );
}
