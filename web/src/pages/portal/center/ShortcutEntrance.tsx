// 快捷入口 (/portal/shortcut/entrance, 001 §2.3): every enabled shortcut (listNoPage) as a tile,
// searched by name; a shortcut bound to a service handles it (§4), else it opens its address per openWay.
import { useState } from 'react';
import { App, Input, Pagination, Skeleton } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PortalIcon } from '../frame/icons';
import { openAddress } from '../frame/links';
import { portalApi } from '../public-api';
import { handleService } from '../service/handle';
import type { ShortcutEntrance as Entrance } from '../types';
import { shortcutEntrances } from './api';
import { CenterPage, EmptyState, Panel, useLocalName } from './shared';

const SIZE = 24;

export default function ShortcutEntrance() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/shortcut/entrance" title={t('portalCenter.shortcut.title')} subtitle={t('portalCenter.shortcut.subtitle')} icon={<ThunderboltOutlined />} testId="portal-shortcuts">
      <Body />
    </CenterPage>
  );
}

function Body() {
  const { t } = useTranslation();
  const local = useLocalName();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({ queryKey: ['portal', 'shortcuts'], queryFn: shortcutEntrances, staleTime: 60_000 });
  const k = keyword.trim().toLowerCase();
  const found = (list.data ?? []).filter((x) => !k || [x.name, x.nameEn].some((v) => v?.toLowerCase().includes(k)));
  const shown = found.slice((current - 1) * SIZE, current * SIZE);
  const search = (v: string) => { setKeyword(v); setCurrent(1); };
  const open = async (x: Entrance) => {
    if (x.serviceId) {
      const card = await portalApi.serviceDetail(String(x.serviceId)).catch(() => null);
      if (card) { await handleService(card); return; }
      message.warning(t('portalCenter.shortcut.gone'));
      return;
    }
    openAddress(x.url, x.openWay);
  };
  return (
    <Panel
      title={t('portalCenter.shortcut.all')}
      extra={<Input.Search allowClear className="pc-search" placeholder={t('portalCenter.shortcut.searchPlaceholder')} onSearch={search} onChange={(e) => search(e.target.value)} />}
      testId="shortcut-list"
    >
      {list.isLoading ? <Skeleton active /> : !shown.length ? (
        <EmptyState text={t(k ? 'portalCenter.shortcut.noMatch' : 'portalCenter.shortcut.none')} />
      ) : (
        <div className="pc-link-grid">
          {shown.map((x) => (
            <button key={x.id} className="pc-link" onClick={() => void open(x)} data-testid="shortcut">
              <PortalIcon icon={x.icon} name={x.name} colour={x.color} size={42} tone="solid" />
              <span className="pc-link-body"><span className="pc-link-name" style={{ display: 'block' }}>{local(x.name, x.nameEn)}</span></span>
            </button>
          ))}
        </div>
      )}
      {found.length > SIZE && <Pagination className="pc-pager" size="small" current={current} pageSize={SIZE} total={found.length} onChange={setCurrent} showSizeChanger={false} />}
    </Panel>
  );
}
