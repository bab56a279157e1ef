// 发起流程 (/workflow/process/list): the deployed processes this user may start. A search box (name
// or key), tabs per category (全部, each category by its order, 其他 for processes without one), and
// on 全部 the user's favourites (a star on each card, kept per user on the server) and recently used
// processes (from the user's own starts) at the top; a card opens /workflow/process/start/{p}.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Input, Skeleton, Tabs, Tag, Tooltip, Typography, message } from 'antd';
import { ApartmentOutlined, ClockCircleOutlined, SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { targetOf } from '../../components/workflow/params';
import { wfApi, type Definition } from './api';
import { MODEL_ICONS } from './design/icons';
import '../../components/workflow/workflow.css';

/** the tab of processes without a category */
const OTHER = '__other__';
const ALL = '__all__';
const RECENT_MAX = 6;

/** The model's icon: an image address, or the name of a designer icon (design/icons.tsx). */
function procIcon(icon: string | null | undefined): ReactNode {
  if (icon && /^https?:|^\//.test(icon)) return <img src={icon} alt="" width={28} height={28} />;
  const Icon = MODEL_ICONS[icon ?? ''] ?? ApartmentOutlined;
  return <Icon />;
}

const nameOf = (d: Definition) => d.processDefinitionName ?? d.name ?? d.processDefKey;
const time = (v: string | null | undefined) => (v ? Date.parse(v) || 0 : 0);

export default function StartableList() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const [rows, setRows] = useState<Definition[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState(ALL);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    wfApi.processList({ size: 200 }).then((p) => setRows(p.records ?? []), () => setRows([]));
  }, []);
  const bare = location.pathname.startsWith('/page/');

  const hits = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (rows ?? []).filter((d) => !k || `${nameOf(d)} ${d.processDefKey}`.toLowerCase().includes(k));
  }, [rows, keyword]);

  // categories in their configured order, then by name; 其他 last
  const categories = useMemo(() => {
    const out = new Map<string, { key: string; name: string; sort: number; list: Definition[] }>();
    for (const d of hits) {
      const key = d.categoryName ? `c:${d.categoryId ?? d.categoryName}` : OTHER;
      const c = out.get(key) ?? { key, name: d.categoryName ?? '', sort: d.categorySort ?? 0, list: [] };
      c.list.push(d);
      out.set(key, c);
    }
    return [...out.values()].sort((a, b) => (a.key === OTHER ? 1 : b.key === OTHER ? -1 : a.sort - b.sort || a.name.localeCompare(b.name)));
  }, [hits]);
  const favourites = useMemo(() => hits.filter((d) => d.favourite).sort((a, b) => time(a.favouriteTime) - time(b.favouriteTime)), [hits]);
  const recent = useMemo(() => hits.filter((d) => d.lastStartTime).sort((a, b) => time(b.lastStartTime) - time(a.lastStartTime)).slice(0, RECENT_MAX), [hits]);
  const active = tab === ALL || categories.some((c) => c.key === tab) ? tab : ALL;

  const toggle = async (d: Definition) => {
    setBusy(d.processDefKey);
    try {
      const keys = new Set(await wfApi.favourite(d.processDefKey, !d.favourite));
      const now = new Date().toISOString();
      setRows((list) => (list ?? []).map((x) => (keys.has(x.processDefKey) === !!x.favourite ? x : { ...x, favourite: keys.has(x.processDefKey), favouriteTime: keys.has(x.processDefKey) ? now : null })));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const card = (d: Definition, where: string) => (
    <Card
      key={`${where}-${d.processId}`}
      className="wf-proc-card"
      hoverable
      // the category sections' card is "the" card of a process (data-key); the favourites / recently used copies are data-pin
      data-key={where.startsWith('wf-start-cat') ? d.processDefKey : undefined}
      data-pin={where.startsWith('wf-start-cat') ? undefined : d.processDefKey}
      onClick={() => {
        const to = targetOf('start', d, { processId: d.processId, processDefKey: d.processDefKey, modelType: d.modelType ?? 0 }, bare);
        if (to.url) window.open(to.url, '_blank');
        else nav(to.path!);
      }}
    >
      <div className="wf-proc-icon">{procIcon(d.icon)}</div>
      <div className="wf-proc-meta">
        <div className="wf-proc-name" title={nameOf(d)}>
          {nameOf(d)}
        </div>
        <div className="wf-proc-sub">
          {d.processDefKey} · v{d.version ?? 1}
        </div>
      </div>
      <Tooltip title={t(d.favourite ? 'wf.startList.unfavourite' : 'wf.startList.favourite')}>
        <Button
          type="text"
          size="small"
          className={`wf-proc-star${d.favourite ? ' on' : ''}`}
          aria-label={t(d.favourite ? 'wf.startList.unfavourite' : 'wf.startList.favourite')}
          aria-pressed={!!d.favourite}
          loading={busy === d.processDefKey}
          icon={d.favourite ? <StarFilled /> : <StarOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            void toggle(d);
          }}
        />
      </Tooltip>
    </Card>
  );
  const section = (id: string, title: ReactNode, list: Definition[], icon?: ReactNode) => (
    <Card key={id} size="small" data-testid={id} title={<span>{icon} {title}</span>} extra={<Tag>{list.length}</Tag>}>
      <div className="wf-card-grid">{list.map((d) => card(d, id))}</div>
    </Card>
  );
  const titleOf = (c: { key: string; name: string }) => (c.key === OTHER ? t('wf.startList.other') : c.name);

  let body: ReactNode;
  if (rows === null) {
    body = (
      <Card>
        <Skeleton active />
      </Card>
    );
  } else if (!rows.length) {
    body = (
      <Card>
        <Empty description={t('wf.startList.empty')} />
      </Card>
    );
  } else {
    const shown = active === ALL ? categories : categories.filter((c) => c.key === active);
    body = (
      <>
        {active === ALL && favourites.length > 0 && section('wf-start-favourites', t('wf.startList.favourites'), favourites, <StarFilled style={{ color: '#faad14' }} />)}
        {active === ALL && recent.length > 0 && section('wf-start-recent', t('wf.startList.recent'), recent, <ClockCircleOutlined />)}
        {!hits.length ? (
          <Card>
            <Empty description={t('wf.startList.noMatch')} />
          </Card>
        ) : (
          shown.map((c) => section(`wf-start-cat-${c.key === OTHER ? 'other' : c.key.slice(2)}`, titleOf(c), c.list))
        )}
      </>
    );
  }

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
        {rows !== null && rows.length > 0 && (
          <Tabs
            className="wf-start-tabs"
            activeKey={active}
            onChange={setTab}
            style={{ marginTop: 8, marginBottom: -16 }}
            items={[
              { key: ALL, label: `${t('wf.startList.all')} (${hits.length})` },
              ...categories.map((c) => ({ key: c.key, label: `${titleOf(c)} (${c.list.length})` })),
            ]}
          />
        )}
      </Card>
      {body}
    </div>
  );
}
