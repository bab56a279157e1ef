// What the shell shows someone who may not be there (001 §2.2, §6, §8): the error alert, then the
// window closes; a window the browser will not let a page close (one not opened by a script) keeps
// the alert with a way back.
import { useEffect, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export type NoAccessKind = 'noManage' | 'noAccess' | 'noApp' | 'badParams';

const CLOSE_AFTER_MS = 3000;

export function NoAccess({ kind, detail }: { kind: NoAccessKind; detail?: string }) {
  const { t } = useTranslation();
  const [closeFailed, setCloseFailed] = useState(false);
  // a bad address or a missing app: nothing to close for, the reader may go elsewhere
  const closes = kind === 'noManage' || kind === 'noAccess';
  useEffect(() => {
    if (!closes) return;
    const timer = window.setTimeout(() => {
      window.close();
      // still here: the browser kept the window open
      window.setTimeout(() => setCloseFailed(true), 300);
    }, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [closes]);
  const title = t(`miniApp.shell.${kind}Title`);
  const text = kind === 'noApp' && detail ? detail : t(`miniApp.shell.${kind}Text`);
  return (
    <div className="mini-no-access" data-testid="mini-no-access">
      <Alert
        type="error"
        showIcon
        message={title}
        description={
          <Space direction="vertical" size={8}>
            <span className="mini-no-access-text">{text}</span>
            {closes && !closeFailed && <span className="mini-no-access-note">{t('miniApp.shell.closing')}</span>}
            {(!closes || closeFailed) && (
              <Space wrap>
                {closeFailed && <span className="mini-no-access-note">{t('miniApp.shell.cannotClose')}</span>}
                <Button type="primary" size="small" href="#/webapp/appCenter">{t('miniApp.shell.toAppCenter')}</Button>
                <Button size="small" href="#/wel/index">{t('common.backHome')}</Button>
              </Space>
            )}
          </Space>
        }
      />
    </div>
  );
}
