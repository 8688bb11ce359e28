import { type Static, Type } from "typebox";

/** meta of a route entry (reference ruoyi-ui section 15.6). */
export const RouteMeta = Type.Object({
  title: Type.String(),
  icon: Type.String(),
  noCache: Type.Boolean(),
  /** The external address of an external link or inner link; null otherwise. */
  link: Type.Union([Type.String(), Type.Null()]),
});
export type RouteMeta = Static<typeof RouteMeta>;

/** The component strings that are not views: the layout, the pass-through container, a frame. */
export const LAYOUT_COMPONENT = "Layout";
export const PARENT_VIEW_COMPONENT = "ParentView";
export const INNER_LINK_COMPONENT = "InnerLink";

/** One entry of the menu tree that getRouters returns (reference ruoyi-ui section 15.6). */
export interface RouterEntry {
  name?: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component?: string;
  alwaysShow?: boolean;
  query?: string;
  /** The permission the entry's page needs, so that the console can hide what the server refuses. */
  perms?: string;
  meta?: RouteMeta;
  children?: RouterEntry[];
}

export const RouterEntry = Type.Cyclic(
  {
    RouterEntry: Type.Object({
      name: Type.Optional(Type.String()),
      path: Type.String(),
      hidden: Type.Boolean(),
      redirect: Type.Optional(Type.String()),
      component: Type.Optional(Type.String()),
      alwaysShow: Type.Optional(Type.Boolean()),
      query: Type.Optional(Type.String()),
      perms: Type.Optional(Type.String()),
      meta: Type.Optional(RouteMeta),
      children: Type.Optional(Type.Array(Type.Ref("RouterEntry"))),
    }),
  },
  "RouterEntry",
);

export const DictDatum = Type.Object({
  dictCode: Type.Integer(),
  dictSort: Type.Integer(),
  dictLabel: Type.String(),
  dictValue: Type.String(),
  dictType: Type.String(),
  listClass: Type.String(),
  cssClass: Type.String(),
  isDefault: Type.String(),
  status: Type.String(),
});
export type DictDatum = Static<typeof DictDatum>;
