import { useEffect } from 'react';
import { Result, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** /externalLink?href=…: opens the decoded address in a new window and offers the link. */
export default function ExternalLink() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const raw = query.get('href') ?? '';
  let href = raw;
  try {
    href = decodeURIComponent(raw);
  } catch {
    // Already decoded by URLSearchParams.
  }
  // Only web addresses: a javascript: URL must never be opened from a link parameter.
  const safe = /^https?:\/\//i.test(href) || href.startsWith('/');

  useEffect(() => {
    if (safe && href) window.open(href, '_blank', 'noopener');
  }, [safe, href]);

  if (!href || !safe) return <Result status="warning" title={t('external.missing')} />;
  return (
    <Result
      icon={<LinkOutlined />}
      title={t('external.title')}
      subTitle={t('external.desc')}
      extra={
        <Typography.Link href={href} target="_blank" rel="noopener noreferrer" style={{ fontSize: 16, wordBreak: 'break-all' }}>
          {href}
        </Typography.Link>
      }
    />
  );
}
