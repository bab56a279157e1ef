import { useEffect, useMemo, useState } from 'react';
import { Empty, Spin, Tree } from 'antd';
import type { TreeNode } from '../api/crud';

/** Keys of nodes without children: the only keys handed to antd as checked (it derives the parents). */
function leafKeys(nodes: TreeNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) leafKeys(n.children, out);
    else out.add(String(n.key ?? n.id));
  }
  return out;
}

export function allKeys(nodes: TreeNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(String(n.key ?? n.id));
    if (n.children?.length) allKeys(n.children, out);
  }
  return out;
}

/**
 * A checkable tree as a form control. The value holds checked and half-checked keys, as BladeX
 * grants store them: a button granted alone also grants its menu and the menu's parents, so the
 * sidebar can show the way to it.
 */
export function CheckTree({
  value,
  onChange,
  load,
  treeData: given,
  height = 420,
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
  load?: () => Promise<TreeNode[]>;
  treeData?: TreeNode[];
  height?: number;
}) {
  const [loaded, setLoaded] = useState<TreeNode[] | null>(given ?? null);
  useEffect(() => {
    if (given) {
      setLoaded(given);
      return;
    }
    let live = true;
    void load?.().then((nodes) => live && setLoaded(nodes ?? []));
    return () => {
      live = false;
    };
  }, [given, load]);
  const leaves = useMemo(() => leafKeys(loaded ?? []), [loaded]);
  const checked = useMemo(() => (value ?? []).map(String).filter((k) => leaves.has(k)), [value, leaves]);
  if (!loaded) return <Spin size="small" />;
  if (!loaded.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    // not virtual: a grant tree is a few hundred nodes, and every node stays reachable (search, tests)
    <div className="check-tree" style={{ maxHeight: height }}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        virtual={false}
        treeData={loaded as never}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = (Array.isArray(keys) ? keys : keys.checked).map(String);
          const half = (info.halfCheckedKeys ?? []).map(String);
          onChange?.([...full, ...half]);
        }}
      />
    </div>
  );
}
