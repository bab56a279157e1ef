// /webapp/myApp/{params}: an app's business data screen in the back office (the app center and the AI
// box send people here): the params (base64 JSON {appId, appName, createUser}) decoded, the app
// provided to the same data screen the shell shows (001 §2.7).
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MiniAppProvider } from '../context';
import { decodeParams, encodeParams } from '../params';
import { DataScreen } from './DataScreen';

export default function WebAppData() {
  const { t } = useTranslation();
  // every signed-in route is one catch-all (router.tsx): the params are the path's last segment (the
  // portal shows this screen at /portal/webapp/myApp/{params})
  const raw = useLocation().pathname.replace(/^(\/portal)?\/webapp\/myApp\//, '').split('/')[0];
  const params = decodeParams(raw);
  if (!params) return <Result status="warning" title={t('miniApp.data.badParams')} />;
  return (
    <MiniAppProvider key={params.appId} params={params} encoded={encodeParams(params)}>
      <div className="ma-webapp">
        <DataScreen inShell={false} />
      </div>
    </MiniAppProvider>
  );
}
