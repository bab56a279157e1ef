import { useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../i18n';
import { findMenuForLocation } from '../../shell/menu';
import { useSession } from '../../shell/store';

function webAddress(src: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(src, window.location.href).protocol);
  } catch {
    return false;
  }
}

/**
 * /myiframe/urlPath?name=…&src=…: embeds a page named by a menu entry — the entry's name in the
 * reader's language when the menu holds the address (the link carries the stored name).
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const src = query.get('src') ?? '';
  const entry = findMenuForLocation(menu, location.pathname, location.search).at(-1);
  const name = entry ? menuLabel(entry) : (query.get('name') ?? '');
  const [loading, setLoading] = useState(true);
  if (!src) return <Result status="warning" title={t('iframe.missing')} />;
  // only web addresses (a menu path with "html" in it comes here too): a javascript: or data: address must never
  // become the frame or the link; the browser's own URL parser decides (it drops tabs and newlines inside a scheme)
  if (!webAddress(src)) return <Result status="warning" title={t('iframe.unsafe')} />;
  return (
    <div className="iframe-page">
      <div className="iframe-bar">
        <span className="iframe-name">{name}</span>
        <Button size="small" type="link" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener noreferrer">
          {t('iframe.openNew')}
        </Button>
      </div>
      <Spin spinning={loading} wrapperClassName="iframe-spin">
        <iframe key={src} title={name || src} src={src} onLoad={() => setLoading(false)} />
      </Spin>
    </div>
  );
}
