import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { website } from '../website';

/**
 * The 403 page of a screen whose menu the user does not hold (shell/access.ts): shown in place of the
 * screen, which is never mounted: inside the admin layout, or on its own for screens without it.
 */
export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className="forbidden-result"
      status="403"
      title="403"
      subTitle={
        <>
          <div className="forbidden-lead">{t('error.403')}</div>
          <Typography.Text type="secondary">{t('error.403hint')}</Typography.Text>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate(website.firstPage.value, { replace: true })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
