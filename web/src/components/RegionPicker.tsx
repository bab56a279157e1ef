import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionLazyTree, type RegionNode } from '../api/admin';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
  loading?: boolean;
}

const toOption = (n: RegionNode, maxLevel: number): Option => ({
  value: n.value,
  label: n.title,
  isLeaf: !n.hasChildren || n.regionLevel >= maxLevel,
});

/**
 * Province / city / district picker (spec 002 §2 "Region selector"): a lazy cascader on
 * region/lazy-tree, top level parentCode 00. The value is the list of codes, one per level.
 */
export function RegionPicker({
  value,
  onChange,
  levels = 3,
  placeholder,
  style,
}: {
  value?: string[];
  onChange?: (codes: string[], names: string[]) => void;
  /** How deep the choice goes (1 province, 2 city, 3 district). */
  levels?: 1 | 2 | 3;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>([]);

  // Provinces, and the levels along an existing value so it shows its names.
  useEffect(() => {
    let live = true;
    void (async () => {
      const top = (await regionLazyTree('00')).map((n) => toOption(n, levels));
      let level = top;
      for (const code of (value ?? []).slice(0, levels - 1)) {
        const node = level.find((o) => o.value === code);
        if (!node || node.isLeaf) break;
        node.children = (await regionLazyTree(code)).map((n) => toOption(n, levels));
        level = node.children;
      }
      if (live) setOptions(top);
    })();
    return () => {
      live = false;
    };
    // the path is loaded once; later choices load through loadData
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levels]);

  return (
    <Cascader
      className="region-picker"
      style={{ width: '100%', ...style }}
      options={options}
      value={value}
      changeOnSelect
      showSearch={false}
      placeholder={placeholder ?? t('region.pick')}
      loadData={async (selected) => {
        const target = selected[selected.length - 1] as Option;
        target.loading = true;
        setOptions((o) => [...o]);
        target.children = (await regionLazyTree(target.value)).map((n) => toOption(n, levels));
        target.loading = false;
        setOptions((o) => [...o]);
      }}
      onChange={(codes, chosen) => onChange?.((codes ?? []).map(String), ((chosen ?? []) as Option[]).map((o) => o.label))}
    />
  );
}
