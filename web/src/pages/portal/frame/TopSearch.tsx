// The header's search (§2.4): an autocomplete over the top menu's leaf entries, matching their names by
// case-insensitive prefix; choosing one clears the box and opens the entry. In the desktop header it is
// a search button that opens the box over the menu's end (the menu keeps its room for seven entries);
// the box closes again on Escape, or on leaving it empty.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Input, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { leafMenus, localName, openAddress } from './links';
import type { TopMenu } from '../types';

export function TopSearch({ menus, onDone, className, collapsible = false }: { menus: TopMenu[]; onDone?: () => void; className?: string; collapsible?: boolean }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(!collapsible);
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (open && collapsible) input.current?.focus();
  }, [open, collapsible]);
  const leaves = useMemo(() => leafMenus(menus), [menus]);
  const options = useMemo(() => {
    const q = text.trim().toLowerCase();
    if (!q) return [];
    // both names match: a reader may type either whatever the page's language
    return leaves
      .filter((m) => [m.name, m.nameEn].some((n) => !!n && n.toLowerCase().startsWith(q)))
      .map((m) => ({ value: m.id, label: <span className="pt-search-option">{localName(m.name, m.nameEn, i18n.language)}</span> }));
  }, [leaves, text, i18n.language]);

  const close = () => {
    if (collapsible) setOpen(false);
  };

  if (!open) {
    return (
      <button type="button" className={`pt-top-search-toggle ${className ?? ''}`} aria-label={t('portal.header.searchMenu')} title={t('portal.header.searchMenu')}
        onClick={() => setOpen(true)} data-testid="portal-top-search-toggle">
        <SearchOutlined />
      </button>
    );
  }
  const box = (
    <AutoComplete
      className={`pt-top-search ${collapsible ? '' : className ?? ''}`}
      value={text}
      options={options}
      // choosing an option also sends its id as the new text: the box is cleared instead
      onChange={(v: string) => setText(options.some((o) => o.value === v) ? '' : v)}
      onSelect={(id: string) => {
        const m = leaves.find((x) => x.id === id);
        setText('');
        close();
        onDone?.();
        // the box is drawn empty first: the next page may take a moment (its code loads) before it replaces this one
        if (m) window.setTimeout(() => openAddress(m.jumpAddress, m.openWay), 0);
      }}
      notFoundContent={text.trim() ? <span className="pt-search-none">{t('portal.header.searchNone')}</span> : null}
      popupMatchSelectWidth={240}
      data-testid="portal-top-search"
    >
      <Input ref={input} allowClear prefix={<SearchOutlined />} placeholder={t('portal.header.searchMenu')} aria-label={t('portal.header.searchMenu')}
        onKeyDown={(e) => { if (e.key === 'Escape') { setText(''); close(); } }}
        onBlur={() => { if (!text.trim()) close(); }} />
    </AutoComplete>
  );
  if (!collapsible) return box;
  // the button keeps its place in the header; the open box lies over the menu's end
  return (
    <span className={`pt-top-search-pop ${className ?? ''}`}>
      <span className="pt-top-search-toggle placeholder" aria-hidden><SearchOutlined /></span>
      {box}
    </span>
  );
}
