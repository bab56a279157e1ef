// A custom button's page in the shell (/miniApp/home/urlPath?name=&src=): its address in a frame,
// titled with the button's name. Only an http(s) address or a path of this site is framed; anything
// else (javascript:, data:, …) is refused on screen as the server refuses it when the button is saved.
import { Alert, Button, Card, Space } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { safeFrameSrc } from '../shell/nav';
import '../shell/shell.css';

export default function UrlPath() {
  const { t } = useTranslation();
  const location = useLocation();
  const q = new URLSearchParams(location.search);
  const name = q.get('name') || t('miniApp.screen.urlPath');
  const raw = q.get('src') ?? '';
  const src = safeFrameSrc(raw);
  const [n, setN] = useState(0);
  if (!src) {
    return <Alert type="error" showIcon message={name} description={t('miniApp.diy.badUrl')} data-testid="mini-url-refused" />;
  }
  return (
    <Card
      size="small"
      title={name}
      styles={{ body: { padding: 0 } }}
      extra={
        <Space>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setN((x) => x + 1)}>{t('miniApp.shell.refresh')}</Button>
          <Button size="small" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener noreferrer">{t('miniApp.diy.newWindow')}</Button>
        </Space>
      }
    >
      <iframe key={`${src}:${n}`} className="mini-frame-iframe" title={name} src={src} sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads" data-testid="mini-url-frame" />
    </Card>
  );
}
