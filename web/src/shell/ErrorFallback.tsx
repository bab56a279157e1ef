import { Button, Result } from 'antd';
import i18n from '../i18n';

/** What ErrorBoundary shows once a page failed; its own chunk, so pages that never fail do not download antd's Result. */
export default function ErrorFallback({ error }: { error: Error }) {
  const isChunk = /dynamically imported module|Loading chunk|ChunkLoadError/i.test(error.message);
  return (
    <Result
      status="error"
      title={i18n.t('error.boundary')}
      subTitle={isChunk ? error.message : i18n.t('error.boundaryDesc')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {i18n.t('error.reload')}
        </Button>
      }
    />
  );
}
