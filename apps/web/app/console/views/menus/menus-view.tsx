import type { MenuAdminView } from "@rampart/contracts";
import { App, Button, Input, Space, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useUrlFilters } from "../list-page/url-query";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { withViewMessages } from "../parts/view-messages";
import { MenuDialog } from "./menu-dialog";
import { menusApi } from "./menus-api";

type Row = MenuAdminView & { children?: Row[] };
const TYPE_COLOURS: Record<string, string> = { M: "blue", C: "green", F: "default" };

/** The keyword searched, kept in the page's address. */
const KEYWORD_FILTER = ["keyword"] as const;

/**
 * System management → Menus: the console's menu tree (directories, pages, buttons) with titles in
 * every language; add an entry (at the top or under one), edit, delete one without entries under
 * it. A change is in everyone's menus at once.
 */
export default withViewMessages("system", function Menus({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [{ keyword = "" }, setSearch] = useUrlFilters<{ keyword?: string }>(KEYWORD_FILTER);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ menu: MenuAdminView | null; parentId: number } | null>(null);
  const titleOf = useCallback((m: MenuAdminView) => m.title[i18n.language] || m.title.en || m.path, [i18n.language]);

  const { rows: menus, loading, load } = useLoadedList(menusApi.list);
  const confirmed = useConfirmedAction(load);
  // Opened with a keyword (a reload, a shared link): the matches show with their branches open.
  const searched = keyword.trim() !== "";
  useEffect(() => {
    if (searched) setExpanded(menus.map((m) => m.menuId));
  }, [menus, searched]);

  // The tree; with a keyword, the matching entries and the entries above them.
  const tree = useMemo(() => {
    const word = keyword.trim().toLowerCase();
    const matches = (m: MenuAdminView) =>
      !word || Object.values(m.title).some((text) => text.toLowerCase().includes(word)) || m.perms.includes(word);
    const build = (parentId: number): Row[] =>
      menus
        .filter((m) => m.parentId === parentId)
        .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)
        .flatMap((m) => {
          const children = build(m.menuId);
          if (!matches(m) && children.length === 0) return [];
          return [children.length > 0 ? { ...m, children } : { ...m }];
        });
    return build(0);
  }, [menus, keyword]);

  const operations = useOperationsColumn<Row>(t("menus.columns.operations"), [
    {
      label: t("menus.addChild"),
      permission: "system:menu:add",
      shown: (menu) => menu.menuType !== "F",
      onClick: (menu) => setEditing({ menu: null, parentId: menu.menuId }),
    },
    {
      label: t("menus.edit"),
      permission: "system:menu:edit",
      onClick: (menu) => setEditing({ menu, parentId: menu.parentId }),
    },
    removeAction<Row>(confirmed, t, {
      texts: "menus",
      permission: "system:menu:remove",
      nameOf: titleOf,
      run: (menu) => menusApi.remove(menu.menuId),
    }),
  ]);
  const columns: ColumnsType<Row> = [
    {
      title: t("menus.columns.title"),
      key: "title",
      render: (_, menu) => (
        <span>
          {titleOf(menu)} {menu.hidden ? <Tag>{t("menus.hidden")}</Tag> : null}
          {menu.status === "1" ? <Tag color="red">{t("menus.disabled")}</Tag> : null}
        </span>
      ),
    },
    {
      title: t("menus.columns.type"),
      dataIndex: "menuType",
      render: (type: string) => <Tag color={TYPE_COLOURS[type]}>{t(`menus.types.${type}`)}</Tag>,
    },
    { title: t("menus.columns.orderNum"), dataIndex: "orderNum", responsive: ["lg"] },
    {
      title: t("menus.columns.perms"),
      dataIndex: "perms",
      responsive: ["md"],
      render: (perms: string) => (perms ? <code className="oper-route">{perms}</code> : "—"),
    },
    {
      title: t("menus.columns.component"),
      dataIndex: "component",
      responsive: ["lg"],
      render: (c: string) => (c ? <code className="oper-route">{c}</code> : "—"),
    },
    { title: t("menus.columns.path"), dataIndex: "path", responsive: ["xl"], render: (p: string) => p || "—" },
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListToolbar
        actions={
          <Space wrap>
            <Can permissions={["system:menu:add"]}>
              <Button type="primary" onClick={() => setEditing({ menu: null, parentId: 0 })}>
                {t("menus.add")}
              </Button>
            </Can>
            <Button onClick={() => setExpanded(menus.map((m) => m.menuId))}>{t("menus.expandAll")}</Button>
            <Button onClick={() => setExpanded([])}>{t("menus.collapseAll")}</Button>
          </Space>
        }
        tools={
          <Input.Search
            allowClear
            placeholder={t("menus.keyword")}
            aria-label={t("menus.keyword")}
            defaultValue={keyword}
            onSearch={(value) => {
              setSearch({ keyword: value.trim() });
              if (value.trim()) setExpanded(menus.map((m) => m.menuId));
            }}
            style={{ width: 220 }}
          />
        }
        onRefresh={() => void load()}
      />
      <ListTable<Row>
        rowKey="menuId"
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys as number[]) }}
        emptyText={t("menus.empty")}
      />
      {editing ? (
        <MenuDialog
          menu={editing.menu}
          parentId={editing.parentId}
          menus={menus}
          onClose={(saved) => {
            const wasNew = editing.menu === null;
            setEditing(null);
            if (saved) {
              void message.success(t(wasNew ? "menus.created" : "menus.saved", { name: saved }));
              // A new entry shows where it went: its parent opens.
              if (wasNew && editing.parentId) setExpanded((keys) => [...new Set([...keys, editing.parentId])]);
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
});
