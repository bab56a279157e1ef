// 发起流程 (/workflow/process/list): the deployed processes this user may start, as cards grouped
// by category; a card opens /workflow/process/start/{p}.
import { useEffect, useMemo, useState } from 'react';
import { Card, Empty, Input, Skeleton, Tag, Typography } from 'antd';
import { ApartmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { targetOf } from '../../components/workflow/params';
import { wfApi, type Definition } from './api';
import '../../components/workflow/workflow.css';

export default function StartableList() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const [rows, setRows] = useState<Definition[] | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    wfApi.processList({ size: 200 }).then((p) => setRows(p.records ?? []), () => setRows([]));
  }, []);
  const groups = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const hit = (rows ?? []).filter((d) => !k || `${d.processDefinitionName ?? d.name ?? ''} ${d.processDefKey}`.toLowerCase().includes(k));
    const out = new Map<string, Definition[]>();
    for (const d of hit) {
      const c = d.category || '';
      out.set(c, [...(out.get(c) ?? []), d]);
    }
    return [...out.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  }, [rows, keyword]);
  const bare = location.pathname.startsWith('/page/');
  return (
    <div className={`wf-page${bare ? ' bare' : ''}`} data-testid="wf-startable">
      <Card>
        <div className="wf-page-head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('wf.list.start')}
          </Typography.Title>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('wf.startList.search')}
            style={{ width: 280 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            className="wf-start-search"
          />
        </div>
      </Card>
      {rows === null ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !groups.length ? (
        <Card>
          <Empty description={t('wf.startList.empty')} />
        </Card>
      ) : (
        groups.map(([category, list]) => (
          <Card key={category} size="small" title={category || t('wf.startList.uncategorized')} extra={<Tag>{list.length}</Tag>}>
            <div className="wf-card-grid">
              {list.map((d) => (
                <Card
                  key={d.processId}
                  className="wf-proc-card"
                  hoverable
                  data-key={d.processDefKey}
                  onClick={() => {
                    const to = targetOf('start', d, { processId: d.processId, processDefKey: d.processDefKey, modelType: d.modelType ?? 0 }, bare);
                    if (to.url) window.open(to.url, '_blank');
                    else nav(to.path!);
                  }}
                >
                  <div className="wf-proc-icon">{d.icon && /^https?:|^\//.test(d.icon) ? <img src={d.icon} alt="" width={28} height={28} /> : <ApartmentOutlined />}</div>
                  <div className="wf-proc-meta">
                    <div className="wf-proc-name" title={d.processDefinitionName ?? d.name ?? d.processDefKey}>
                      {d.processDefinitionName ?? d.name ?? d.processDefKey}
                    </div>
                    <div className="wf-proc-sub">
                      {d.processDefKey} · v{d.version ?? 1}
                    </div>
                  </div>
                </Card>
              ))}
            </div>
          </Card>
        ))
      )}
    </div>
  );
}
