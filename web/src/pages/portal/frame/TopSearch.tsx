// The header's search (§2.4): an autocomplete over the top menu's leaf entries, matching their names by
// case-insensitive prefix; choosing one clears the box and opens the entry.
import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { leafMenus, localName, openAddress } from './links';
import type { TopMenu } from '../types';

export function TopSearch({ menus, onDone, className }: { menus: TopMenu[]; onDone?: () => void; className?: string }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const leaves = useMemo(() => leafMenus(menus), [menus]);
  const options = useMemo(() => {
    const q = text.trim().toLowerCase();
    if (!q) return [];
    // both names match: a reader may type either whatever the page's language
    return leaves
      .filter((m) => [m.name, m.nameEn].some((n) => !!n && n.toLowerCase().startsWith(q)))
      .map((m) => ({ value: m.id, label: <span className="pt-search-option">{localName(m.name, m.nameEn, i18n.language)}</span> }));
  }, [leaves, text, i18n.language]);

  return (
    <AutoComplete
      className={`pt-top-search ${className ?? ''}`}
      value={text}
      options={options}
      // choosing an option also sends its id as the new text: the box is cleared instead
      onChange={(v: string) => setText(options.some((o) => o.value === v) ? '' : v)}
      onSelect={(id: string) => {
        const m = leaves.find((x) => x.id === id);
        setText('');
        onDone?.();
        // the box is drawn empty first: the next page may take a moment (its code loads) before it replaces this one
        if (m) window.setTimeout(() => openAddress(m.jumpAddress, m.openWay), 0);
      }}
      notFoundContent={text.trim() ? <span className="pt-search-none">{t('portal.header.searchNone')}</span> : null}
      popupMatchSelectWidth={240}
      data-testid="portal-top-search"
    >
      <Input allowClear prefix={<SearchOutlined />} placeholder={t('portal.header.searchMenu')} aria-label={t('portal.header.searchMenu')} />
    </AutoComplete>
  );
}
