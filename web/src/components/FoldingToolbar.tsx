import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Dropdown } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface FoldItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  primary?: boolean;
  /** at work: the button spins (and a folded entry is disabled) until it ends */
  loading?: boolean;
  onClick(): void;
}

const GAP = 8;

/**
 * Toolbar buttons in one row that never clip: the buttons that do not fit the room the toolbar has
 * fold, from the end, into a 更多 / More menu. Every button is measured at its natural width in a
 * hidden row (outside the toolbar), and the room is watched, so a language switch or a narrower window folds again.
 */
export function FoldingToolbar({ items }: { items: FoldItem[] }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>(Infinity);
  const [shown, setShown] = useState(items.length);
  const signature = items.map((i) => `${i.key}:${i.label}`).join('|');

  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const update = () => setRoom(el.clientWidth);
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useLayoutEffect(() => {
    const m = measure.current;
    if (!m || !Number.isFinite(room) || room <= 0) {
      setShown(items.length);
      return;
    }
    const widths = Array.from(m.children).map((c) => Math.ceil((c as HTMLElement).getBoundingClientRect().width));
    const more = widths.pop() ?? 0;
    const total = widths.reduce((a, w) => a + w, 0) + GAP * Math.max(0, widths.length - 1);
    if (total <= room) {
      setShown(items.length);
      return;
    }
    let used = more;
    let n = 0;
    while (n < widths.length && used + widths[n] + GAP <= room) used += widths[n++] + GAP;
    setShown(n);
  }, [room, signature]);

  const visible = items.slice(0, shown);
  const folded = items.slice(shown);
  const button = (i: FoldItem) => (
    <Button key={i.key} type={i.primary ? 'primary' : 'default'} danger={i.danger} icon={i.icon} loading={i.loading} onClick={i.onClick} data-fold-key={i.key}>
      {i.label}
    </Button>
  );
  return (
    <div className="fold-toolbar" ref={root}>
      {/* the measuring row lives outside the toolbar, so the toolbar holds each button once */}
      {createPortal(
      <div className="fold-toolbar-measure" ref={measure} aria-hidden>
        {items.map((i) => (
          <Button key={i.key} type={i.primary ? 'primary' : 'default'} danger={i.danger} icon={i.icon} tabIndex={-1}>
            {i.label}
          </Button>
        ))}
        <Button icon={<EllipsisOutlined />} tabIndex={-1}>
          {t('toolbarFold.more')}
        </Button>
      </div>,
      document.body,
      )}
      {visible.map(button)}
      {folded.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            className: 'fold-toolbar-menu',
            items: folded.map((i) => ({ key: i.key, label: i.label, icon: i.icon, danger: i.danger, disabled: i.loading })),
            onClick: ({ key }) => folded.find((i) => i.key === key)?.onClick(),
          }}
        >
          <Button className="fold-toolbar-more" icon={<EllipsisOutlined />}>
            {t('toolbarFold.more')}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
