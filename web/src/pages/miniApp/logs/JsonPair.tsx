// Two snapshots of a record side by side (before / after, old / new data), the keys whose values
// differ named above them.
import { Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../shell/shell.css';

function parse(text: unknown): unknown {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
const pretty = (v: unknown) => (v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));

export function JsonPair({ left, right, leftTitle, rightTitle }: { left: unknown; right: unknown; leftTitle: string; rightTitle: string }) {
  const { t } = useTranslation();
  const a = parse(left);
  const b = parse(right);
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const oa = obj(a);
  const ob = obj(b);
  const changed = oa || ob ? [...new Set([...Object.keys(oa ?? {}), ...Object.keys(ob ?? {})])].filter((k) => JSON.stringify(oa?.[k]) !== JSON.stringify(ob?.[k])) : [];
  return (
    <div>
      {changed.length > 0 && (
        <Space size={[4, 4]} wrap style={{ marginBottom: 12 }}>
          <span style={{ color: '#888' }}>{t('miniApp.logs.changed')}</span>
          {changed.slice(0, 40).map((k) => <Tag key={k} color="orange">{k}</Tag>)}
        </Space>
      )}
      <div className="mini-json-pair">
        <div>
          <h4>{leftTitle}</h4>
          {a === null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.logs.none')} /> : <pre data-testid="mini-json-left">{pretty(a)}</pre>}
        </div>
        <div>
          <h4>{rightTitle}</h4>
          {b === null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.logs.none')} /> : <pre data-testid="mini-json-right">{pretty(b)}</pre>}
        </div>
      </div>
    </div>
  );
}
