import type {
  Envelope,
  HelpArticleBody,
  HelpArticleQuery,
  HelpArticleView,
  HelpCategoryBody,
  HelpCategoryView,
  PageEnvelope,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** Business → Help centre (business:help:*). */
export const helpApi = {
  list: (query: Partial<HelpArticleQuery>) =>
    request<PageEnvelope<HelpArticleView>>({ url: "/business/help/articles", params: query }),
  save: (body: HelpArticleBody, articleId?: number) =>
    request<Envelope<HelpArticleView>>({
      url: articleId ? `/business/help/articles/${articleId}` : "/business/help/articles",
      method: articleId ? "PUT" : "POST",
      data: body,
    }),
  remove: (articleId: number) => request({ url: `/business/help/articles/${articleId}`, method: "DELETE" }),
  categories: () => request<Envelope<HelpCategoryView[]>>({ url: "/business/help/categories" }),
  saveCategory: (body: HelpCategoryBody, categoryId?: number) =>
    request<Envelope<HelpCategoryView>>({
      url: categoryId ? `/business/help/categories/${categoryId}` : "/business/help/categories",
      method: categoryId ? "PUT" : "POST",
      data: body,
    }),
  removeCategory: (categoryId: number) =>
    request<Envelope<unknown>>({ url: `/business/help/categories/${categoryId}`, method: "DELETE" }),
};
