// 直通车 (/portal/through/train, 001 §2.3): the quick links of the campus's systems grouped by type
// (getThroughTrainTypeAndList), searched by name; each opens per its openWay (§4).
import { useState } from 'react';
import { Input, Skeleton } from 'antd';
import { ExportOutlined, RocketOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PortalIcon } from '../frame/icons';
import { isExternal, openAddress } from '../frame/links';
import { throughTrains } from './api';
import { CenterPage, EmptyState, Panel, useLocalName } from './shared';

/** The host of an external address (what a link without a description says), else the address. */
function hostOf(url: string): string {
  if (!isExternal(url)) return url;
  try { return new URL(url).host; } catch { return url; }
}

export default function ThroughTrain() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/through/train" title={t('portalCenter.train.title')} subtitle={t('portalCenter.train.subtitle')} icon={<RocketOutlined />} testId="portal-through-train">
      <Body />
    </CenterPage>
  );
}

function Body() {
  const { t } = useTranslation();
  const local = useLocalName();
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState<string | undefined>();
  const groups = useQuery({ queryKey: ['portal', 'throughTrains'], queryFn: throughTrains, staleTime: 60_000 });
  const k = keyword.trim().toLowerCase();
  const shown = (groups.data ?? [])
    .filter((g) => !group || g.trainType === group)
    .map((g) => ({ ...g, list: g.list.filter((x) => !k || [x.name, x.nameEn, x.description].some((v) => v?.toLowerCase().includes(k))) }))
    .filter((g) => g.list.length);
  return (
    <>
      <div className="pc-toolbar">
        <Input.Search allowClear className="pc-search" placeholder={t('portalCenter.train.searchPlaceholder')} onSearch={setKeyword} onChange={(e) => setKeyword(e.target.value)} data-testid="train-search" />
      </div>
      {(groups.data?.length ?? 0) > 1 && (
        <div className="pc-chips">
          <button className={`pc-chip${!group ? ' active' : ''}`} onClick={() => setGroup(undefined)}>{t('portalCenter.train.all')}</button>
          {groups.data!.map((g) => (
            <button key={g.trainType} className={`pc-chip${group === g.trainType ? ' active' : ''}`} onClick={() => setGroup(g.trainType)}>{local(g.trainType, g.trainTypeEn)} · {g.list.length}</button>
          ))}
        </div>
      )}
      {groups.isLoading ? <Panel><Skeleton active /></Panel> : !shown.length ? (
        <Panel><EmptyState text={t(k ? 'portalCenter.train.noMatch' : 'portalCenter.train.none')} /></Panel>
      ) : shown.map((g) => (
        <Panel key={g.trainType} title={local(g.trainType, g.trainTypeEn)} testId="train-group">
          <div className="pc-link-grid">
            {g.list.map((x) => {
              const name = local(x.name, x.nameEn);
              return (
                <button key={x.id} className="pc-link" onClick={() => openAddress(x.url, x.openWay)} data-testid="train-link" title={x.url}>
                  <PortalIcon icon={x.icon} name={x.name} colour={x.color} size={42} tone="solid" />
                  <span className="pc-link-body">
                    <span className="pc-link-name" style={{ display: 'block' }}>{name}</span>
                    <span className="pc-link-desc" style={{ display: 'block' }}>{x.description || hostOf(x.url)}</span>
                  </span>
                  {Number(x.openWay) === 3 && <ExportOutlined className="pc-link-open" />}
                </button>
              );
            })}
          </div>
        </Panel>
      ))}
    </>
  );
}
