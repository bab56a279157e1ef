import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Space, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
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

const keyOf = (n: TreeNode): string => String(n.key ?? n.id);
const titleOf = (n: TreeNode): string => (typeof n.title === 'string' ? n.title : String(n.title ?? ''));
/** Buttons (category 2) and scopes (category 3) are leaves folded under their menu. */
const isMenu = (n: TreeNode): boolean => n.category === undefined || n.category === 1;

/** The nodes open at first: those with a sub-menu, so every menu shows and its buttons stay folded. */
export function menuKeys(nodes: TreeNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.some(isMenu)) {
      out.push(keyOf(n));
      menuKeys(n.children, out);
    }
  }
  return out;
}

/** Keys of nodes whose title holds the query (lower case), and keys of their ancestors. */
function searchTree(nodes: TreeNode[], query: string, hits: Set<string>, ancestors: Set<string>): boolean {
  let any = false;
  for (const n of nodes) {
    const self = titleOf(n).toLowerCase().includes(query);
    const below = n.children?.length ? searchTree(n.children, query, hits, ancestors) : false;
    if (self) hits.add(keyOf(n));
    if (below) ancestors.add(keyOf(n));
    any = any || self || below;
  }
  return any;
}

/** The tree with the nodes that neither match nor lead to a match hidden (kept, so checking still sees the whole tree). */
function markHidden(nodes: TreeNode[], show: (n: TreeNode) => boolean, underHit: boolean, hits: Set<string>): TreeNode[] {
  return nodes.map((n) => {
    const visible = underHit || show(n);
    const hit = underHit || hits.has(keyOf(n));
    return {
      ...n,
      className: visible ? undefined : 'check-tree-hidden',
      children: n.children?.length ? markHidden(n.children, show, hit, hits) : n.children,
    };
  });
}

/**
 * A checkable tree as a form control, with a search box (filters to the matching nodes and opens
 * the way to them) and expand all / collapse all. It opens with the menus showing and each menu's
 * buttons folded under it. The value holds checked and half-checked keys, as BladeX
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
  const { t } = useTranslation();
  const leaves = useMemo(() => leafKeys(loaded ?? []), [loaded]);
  const checked = useMemo(() => (value ?? []).map(String).filter((k) => leaves.has(k)), [value, leaves]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => setExpanded(menuKeys(loaded ?? [])), [loaded]);
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const search = useMemo(() => {
    if (!q || !loaded) return null;
    const hits = new Set<string>();
    const ancestors = new Set<string>();
    searchTree(loaded, q, hits, ancestors);
    return { hits, ancestors, data: markHidden(loaded, (n) => hits.has(keyOf(n)) || ancestors.has(keyOf(n)), false, hits) };
  }, [q, loaded]);
  if (!loaded) return <Spin size="small" />;
  if (!loaded.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="check-tree-box">
      <Space.Compact className="check-tree-bar" style={{ width: '100%', marginBottom: 8 }}>
        <Input.Search
          allowClear
          className="check-tree-search"
          placeholder={t('checkTree.search')}
          value={query}
          onChange={(e) => {
            const next = e.target.value;
            setQuery(next);
            const nq = next.trim().toLowerCase();
            if (!nq) return;
            const hits = new Set<string>();
            const ancestors = new Set<string>();
            searchTree(loaded, nq, hits, ancestors);
            // open the way to every match; a match's own children stay as they were
            setExpanded((open) => [...new Set([...open, ...ancestors])]);
          }}
        />
        <Button className="check-tree-expand" onClick={() => setExpanded(allKeys(loaded).filter((k) => !leaves.has(k)))}>
          {t('checkTree.expandAll')}
        </Button>
        <Button className="check-tree-collapse" onClick={() => setExpanded([])}>
          {t('checkTree.collapseAll')}
        </Button>
      </Space.Compact>
      {/* not virtual: a grant tree is a few hundred nodes, and every open node stays reachable (tests) */}
      <div className="check-tree" style={{ maxHeight: height }}>
        {search && !search.hits.size && <Empty className="check-tree-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkTree.noMatch')} />}
        <Tree
        checkable
        selectable={false}
        virtual={false}
        treeData={(search?.data ?? loaded) as never}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = (Array.isArray(keys) ? keys : keys.checked).map(String);
          const half = (info.halfCheckedKeys ?? []).map(String);
          onChange?.([...full, ...half]);
        }}
        />
      </div>
    </div>
  );
}
