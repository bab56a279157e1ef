// 权限配置 (/webapp/permissionConfig, back office): choose one of the apps one manages (a list, or the
// chooser dialog 选择微应用), then its permission groups and field rights as in the app's own shell.
import { useState } from 'react';
import { Button, Card, Empty, Select, Space } from 'antd';
import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../shell/queries';
import { appIconUrl, appInfoApi } from '../api';
import { openShell } from '../admin/AppManage';
import { AppChooser } from '../center/AppChooser';
import { AuthContent } from './AuthManage';

export default function PermissionConfig() {
  return (
    <QueryProvider>
      <PermissionConfigBody />
    </QueryProvider>
  );
}

function PermissionConfigBody() {
  const { t } = useTranslation();
  const [appId, setAppId] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [search, setSearch] = useState('');
  const apps = useQuery({ queryKey: ['miniApp', 'managed', search], queryFn: () => appInfoApi.list({ current: 1, size: 50, appName_like: search || undefined }) });
  const [chosenName, setChosenName] = useState<Record<string, { appName: string; appIcon?: string | null; createUser?: string }>>({});
  const options = (apps.data?.records ?? []).map((a) => ({ value: String(a.id), label: a.appName, app: a }));
  const current = appId ? (options.find((o) => o.value === appId)?.app ?? (chosenName[appId] ? { id: appId, ...chosenName[appId] } : null)) : null;
  return (
    <div data-testid="mini-permission-config">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>{t('miniApp.auth.chooseApp')}</span>
          <Select
            style={{ width: 300 }}
            showSearch
            allowClear
            filterOption={false}
            loading={apps.isLoading}
            placeholder={t('miniApp.auth.chooseAppPlaceholder')}
            value={appId ?? undefined}
            onSearch={(v) => setSearch(v.trim())}
            onChange={(v) => setAppId(v ?? null)}
            options={[
              ...options.map((o) => ({ value: o.value, label: (
                <Space size={6}><img src={appIconUrl(o.app.appIcon)} alt="" style={{ width: 18, height: 18, borderRadius: 4, objectFit: 'cover' }} />{o.label}</Space>
              ) })),
              ...(appId && !options.some((o) => o.value === appId) && chosenName[appId] ? [{ value: appId, label: <span>{chosenName[appId].appName}</span> }] : []),
            ]}
            data-testid="mini-permission-app"
          />
          <Button icon={<AppstoreOutlined />} onClick={() => setChoosing(true)}>{t('miniApp.chooser.title')}</Button>
          {current && <Button type="link" icon={<ExportOutlined />} onClick={() => openShell({ id: String(current.id), appName: current.appName, createUser: current.createUser })}>{t('miniApp.admin.manage')}</Button>}
        </Space>
      </Card>
      {appId ? <AuthContent key={appId} appId={appId} /> : <Card><Empty description={t('miniApp.auth.chooseFirst')} /></Card>}
      <AppChooser
        open={choosing}
        onClose={() => setChoosing(false)}
        onChoose={(a) => {
          const id = String(a.appId ?? a.id);
          setChosenName((m) => ({ ...m, [id]: { appName: a.appName, appIcon: a.appIcon, createUser: a.createUser } }));
          setAppId(id);
        }}
      />
    </div>
  );
}
