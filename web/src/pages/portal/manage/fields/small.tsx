// Small controls the portal's lists share: the enable switch of a row (floors, precincts: their
// updateStatus call), a colour, and the thumbnail of an image column.
import { useState } from 'react';
import { ColorPicker, Image, Switch, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../../components/Permitted';

/** 启用 / 停用 switch of a list row: who holds `code` flips it (call, then reload); others see the state. */
export function StatusSwitch({ row, code, update, reload }: { row: Record<string, unknown>; code: string; update: (id: string, status: number) => Promise<unknown>; reload: () => void }) {
  const { t } = useTranslation();
  const may = usePermission(code);
  const [busy, setBusy] = useState(false);
  const on = Number(row.status) === 1;
  if (!may) return on ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>;
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      className="pm-status-switch"
      // the words as a tooltip: the column stays narrow in both languages
      title={t(on ? 'common.enabled' : 'common.disabled')}
      aria-label={t(on ? 'common.enabled' : 'common.disabled')}
      onChange={async (v) => {
        setBusy(true);
        try {
          await update(String(row.id), v ? 1 : 0);
          message.success(t(v ? 'portalManage.status.on' : 'portalManage.status.off'));
          reload();
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** #RRGGBB from a colour picker (empty: none). */
export function ColorInput({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const v = typeof value === 'string' && value ? value : undefined;
  return (
    <span id={id}>
    <ColorPicker
      value={v}
      allowClear
      showText
      disabledAlpha
      format="hex"
      presets={[{ label: '', colors: ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#fa541c', '#eb2f96', '#722ed1', '#2f54eb', '#8c8c8c'] }]}
      onChange={(c) => onChange?.(c.cleared ? '' : c.toHexString().slice(0, 7).toUpperCase())}
      onClear={() => onChange?.('')}
    />
    </span>
  );
}

export const colorSwatch = (v: unknown) => (typeof v === 'string' && v ? <span className="pm-swatch" style={{ background: v }} title={v} /> : '-');

export const thumbnail = (v: unknown, w = 96, h = 48) =>
  typeof v === 'string' && v ? <Image src={v} width={w} height={h} style={{ objectFit: 'cover', borderRadius: 4 }} /> : '-';
