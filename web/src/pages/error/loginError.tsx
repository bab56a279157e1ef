import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** After a failed single sign-on: shows the description passed in `desc`. */
export default function LoginError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const desc = query.get('desc');
  return (
    <div className="error-page">
      <Result
        status="warning"
        title={t('loginError.title')}
        subTitle={desc || t('loginError.desc')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('loginError.relogin')}
          </Button>
        }
      />
    </div>
  );
}
