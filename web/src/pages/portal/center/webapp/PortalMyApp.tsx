// A micro-app's data screen in the portal (/portal/webapp/myApp/{params}, 001 §2.3, §2.7): the
// micro-app's own screen (miniApp/data/WebAppData, which reads the params from the path) inside the
// portal's frame, under a band with the app's name and the way back to the app center.
import { lazy, Suspense } from 'react';
import { Button, Skeleton } from 'antd';
import { AppstoreOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { decodeParams } from '../../../miniApp/params';
import { CenterPage } from '../shared';

const WebAppData = lazy(() => import('../../../miniApp/data/WebAppData'));

export default function PortalMyApp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = decodeParams(useLocation().pathname.split('/')[4]);
  return (
    <CenterPage
      active="/portal/webapp/appCenter"
      title={params?.appName || t('portalCenter.apps.app')}
      subtitle={t('portalCenter.apps.appSubtitle')}
      icon={<AppstoreOutlined />}
      extra={<Button ghost icon={<ArrowLeftOutlined />} onClick={() => navigate('/portal/webapp/appCenter')}>{t('portalCenter.apps.back')}</Button>}
      testId="portal-my-app"
    >
      <div className="pc-webapp">
        <Suspense fallback={<Skeleton active />}><WebAppData /></Suspense>
      </div>
    </CenterPage>
  );
}
