import type { MenuGrantNode } from "@rampart/contracts";
import { Button, Space, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

interface TreeData extends DataNode {
  key: number;
  children: TreeData[];
}

/**
 * The menus and buttons a role grants, as a tree of checkboxes. Ticking an entry ticks the
 * directories above it (the server adds them too); unticking one unticks what is under it.
 */
export function MenuGrantTree({
  nodes,
  value = [],
  onChange,
}: {
  nodes: MenuGrantNode[];
  value?: number[];
  onChange?: (menuIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { tree, parentOf, childrenOf } = useMemo(() => {
    const byParent = new Map<number, MenuGrantNode[]>();
    for (const node of nodes) byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node]);
    const known = new Set(nodes.map((n) => n.menuId));
    const build = (parentId: number): TreeData[] =>
      (byParent.get(parentId) ?? []).map((node) => ({
        key: node.menuId,
        title: node.perms && node.menuType === "F" ? `${node.title} · ${node.perms}` : node.title,
        children: build(node.menuId),
      }));
    // Roots: entries whose parent the caller cannot see (0 for the top level).
    const roots = [...new Set(nodes.filter((n) => !known.has(n.parentId)).map((n) => n.parentId))];
    return {
      tree: roots.flatMap(build),
      parentOf: new Map(nodes.map((n) => [n.menuId, n.parentId])),
      childrenOf: (id: number) => (byParent.get(id) ?? []).map((n) => n.menuId),
    };
  }, [nodes]);
  const [expanded, setExpanded] = useState<number[]>([]);

  const check = (id: number, on: boolean) => {
    const next = new Set(value);
    if (on) {
      for (let at: number | undefined = id; at && !next.has(at); at = parentOf.get(at)) next.add(at);
    } else {
      const stack = [id];
      while (stack.length > 0) {
        const at = stack.pop()!;
        next.delete(at);
        stack.push(...childrenOf(at));
      }
    }
    onChange?.([...next]);
  };

  return (
    <div className="menu-grant-tree">
      <Space size="small" className="menu-grant-tree__tools">
        <Button size="small" onClick={() => setExpanded(nodes.map((n) => n.menuId))}>
          {t("roles.form.expandAll")}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t("roles.form.collapseAll")}
        </Button>
      </Space>
      <Tree<TreeData>
        checkable
        checkStrictly
        selectable={false}
        treeData={tree}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys as number[])}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(_, info) => check(info.node.key, info.checked)}
      />
    </div>
  );
}
