// 应用中心 in the portal (/portal/webapp/appCenter, 001 §2.3): the micro-app center's own screen
// (miniApp/center/AppCenter) inside the portal's frame; an app opens at /portal/webapp/myApp/{params}.
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CenterPage } from '../shared';

const AppCenter = lazy(() => import('../../../miniApp/center/AppCenter'));

export default function PortalAppCenter() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/webapp/appCenter" title={t('portalCenter.apps.title')} subtitle={t('portalCenter.apps.subtitle')} icon={<AppstoreOutlined />} testId="portal-app-center">
      <div className="pc-webapp bare">
        <Suspense fallback={<Skeleton active />}><AppCenter /></Suspense>
      </div>
    </CenterPage>
  );
}
