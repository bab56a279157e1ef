import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../shell/site';
import { website } from '../../website';

export default function ErrorPage({ code }: { code: '403' | '404' | '500' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${code} - ${siteTitle(i18n.language)}`;
  }, [code, i18n.language]);
  return (
    <div className="error-page">
      <Result
        status={code}
        title={code}
        subTitle={t(`error.${code}`)}
        extra={
          <Button type="primary" onClick={() => navigate(website.firstPage.value, { replace: true })}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
