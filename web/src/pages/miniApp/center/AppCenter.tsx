// 应用中心 (/webapp/appCenter): the published apps the caller may open as cards, grouped by category
// (or one category chosen), searched by name; the apps they pinned (我的应用) come first; a star pins
// or unpins one; a card opens the app's data screen /webapp/myApp/{params}.
import { useMemo, useState, type MouseEvent } from 'react';
import { Button, Card, Empty, Input, Segmented, Spin, Tooltip, message } from 'antd';
import { AppstoreOutlined, ReloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../shell/queries';
import { appIconUrl, myApps } from '../api';
import { categoryNames, categoryTree } from '../admin/api';
import { encodeParams } from '../params';
import { getMyAppList, pinApp, unpinApp, type OpenApp, type PinnedApp } from './api';
import '../shell/shell.css';

export default function AppCenter() {
  return (
    <QueryProvider>
      <AppCenterBody />
    </QueryProvider>
  );
}

const NONE = '__none';
const ALL = '__all';

function AppCenterBody() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const [busy, setBusy] = useState<string | null>(null);
  const apps = useQuery({ queryKey: ['miniApp', 'center', query], queryFn: () => myApps({ appName: query || undefined }) as Promise<OpenApp[]> });
  const pins = useQuery({ queryKey: ['miniApp', 'pins'], queryFn: getMyAppList });
  const cats = useQuery({ queryKey: ['miniApp', 'categories'], queryFn: categoryTree });
  const names = useMemo(() => categoryNames(cats.data ?? []), [cats.data]);
  const pinned = useMemo(() => new Map((pins.data ?? []).map((p) => [String(p.appId), p])), [pins.data]);
  const list = apps.data ?? [];
  // the categories that hold an app, in the tree's order, then the apps without one
  const groups = useMemo(() => {
    const order = [...names.keys()];
    const by = new Map<string, OpenApp[]>();
    for (const a of list) {
      const k = a.categoryId && names.has(String(a.categoryId)) ? String(a.categoryId) : NONE;
      by.set(k, [...(by.get(k) ?? []), a]);
    }
    return [...order.filter((k) => by.has(k)), ...(by.has(NONE) ? [NONE] : [])].map((k) => ({ key: k, title: k === NONE ? t('miniApp.center.uncategorised') : names.get(k)!, apps: by.get(k)! }));
  }, [list, names, t]);
  const shown = category === ALL ? groups : groups.filter((g) => g.key === category);
  const mine = (pins.data ?? []).filter((p) => !query || p.appName.includes(query));

  // the portal shows this screen too (/portal/webapp/appCenter): an app then opens in the portal
  const base = useLocation().pathname.startsWith('/portal/') ? '/portal' : '';
  const open = (a: { appId?: string; id: string; appName: string; createUser?: string | null }) =>
    navigate(`${base}/webapp/myApp/${encodeParams({ appId: String(a.appId ?? a.id), appName: a.appName, createUser: a.createUser ? String(a.createUser) : undefined })}`);
  const togglePin = async (e: MouseEvent, appId: string) => {
    e.stopPropagation();
    setBusy(appId);
    try {
      const pin = pinned.get(appId);
      if (pin) {
        await unpinApp(pin.id);
        message.success(t('miniApp.center.unpinned'));
      } else {
        await pinApp(appId, (pins.data?.length ?? 0) + 1);
        message.success(t('miniApp.center.pinned'));
      }
      await queryClient.invalidateQueries({ queryKey: ['miniApp', 'pins'] });
    } finally {
      setBusy(null);
    }
  };
  const card = (a: { id: string; appId?: string; appName: string; appDesc?: string | null; appIcon?: string | null; iconUrl?: string; createUser?: string | null }, key: string) => {
    const appId = String(a.appId ?? a.id);
    const on = pinned.has(appId);
    return (
      <div key={key} className="mini-app-card" role="button" data-testid="mini-center-card" onClick={() => open(a)}>
        <img src={a.iconUrl || appIconUrl(a.appIcon)} alt="" />
        <div className="body">
          <div className="name" title={a.appName}>{a.appName}</div>
          <div className="desc">{a.appDesc || t('miniApp.home.noDesc')}</div>
        </div>
        <Tooltip title={t(on ? 'miniApp.center.unpin' : 'miniApp.center.pin')}>
          <span className={`pin${on ? ' on' : ''}`} role="button" aria-label={t(on ? 'miniApp.center.unpin' : 'miniApp.center.pin')} onClick={(e) => void togglePin(e, appId)}>
            {busy === appId ? <Spin size="small" /> : on ? <StarFilled /> : <StarOutlined />}
          </span>
        </Tooltip>
      </div>
    );
  };
  const segments = [{ label: t('miniApp.center.all'), value: ALL }, ...groups.map((g) => ({ label: `${g.title} (${g.apps.length})`, value: g.key }))];
  return (
    <div className="mini-center" data-testid="mini-app-center">
      <Card>
        <div className="mini-center-bar" style={groups.length > 1 ? undefined : { marginBottom: 0 }}>
          <Input.Search
            style={{ width: 280 }}
            allowClear
            placeholder={t('miniApp.chooser.namePlaceholder')}
            value={name}
            onChange={(e) => { setName(e.target.value); if (!e.target.value) setQuery(''); }}
            onSearch={(v) => setQuery(v.trim())}
            enterButton={t('common.search')}
          />
          <Button icon={<ReloadOutlined />} onClick={() => { void apps.refetch(); void pins.refetch(); void cats.refetch(); }}>{t('miniApp.center.refresh')}</Button>
        </div>
        {groups.length > 1 && <Segmented options={segments} value={category} onChange={(v) => setCategory(String(v))} style={{ marginBottom: 8, maxWidth: '100%', overflowX: 'auto' }} />}
      </Card>
      <Spin spinning={apps.isLoading || pins.isLoading}>
        {mine.length > 0 && (
          <Card style={{ marginTop: 16 }}>
            <div className="mini-section-title"><StarFilled style={{ color: '#faad14' }} /> {t('miniApp.center.mine')}</div>
            <div className="mini-card-grid">{mine.map((p: PinnedApp) => card(p, `pin-${p.id}`))}</div>
          </Card>
        )}
        {shown.map((g) => (
          <Card key={g.key} style={{ marginTop: 16 }}>
            <div className="mini-section-title"><AppstoreOutlined /> {g.title}</div>
            <div className="mini-card-grid">{g.apps.map((a) => card(a, a.id))}</div>
          </Card>
        ))}
        {!apps.isLoading && !list.length && (
          <Card style={{ marginTop: 16 }}>
            <Empty description={query ? t('miniApp.chooser.empty') : t('miniApp.center.none')} />
          </Card>
        )}
      </Spin>
    </div>
  );
}
