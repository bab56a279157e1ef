// 按钮设置 of an app (001 §3.2; /api/appOperate/appOperate list / batchSubmit): the ten standard
// buttons of its data screen with their Chinese and English labels, on/off and order. A button the
// app never saved has its default (APP_OPERATE_DEFAULTS); the data screen shows a button only when
// it is on and the reader holds its right.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, Space, Spin, Switch, Table, Tag, Typography, message, Modal } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { APP_OPERATE_DEFAULTS } from '@campus/schema';
import { useTranslation } from 'react-i18next';
import { useMiniApp } from '../context';
import { batchSubmitOperates, defaultOperates, listOperates, mergeOperates, type OperateRow } from './api';

const NAME_MAX = 32;
const NAME_EN_MAX = 64;

/** The message of a row's labels, or null when they are fine. */
function problemOf(r: OperateRow, t: (k: string, o?: Record<string, unknown>) => string): { zh?: string; en?: string } | null {
  const zh = r.operateName.trim();
  const en = (r.operateNameEn ?? '').trim();
  const out: { zh?: string; en?: string } = {};
  if (!zh) out.zh = t('miniApp.settings.operate.nameRequired');
  else if (zh.length > NAME_MAX) out.zh = t('miniApp.settings.operate.tooLong', { n: NAME_MAX });
  if (en.length > NAME_EN_MAX) out.en = t('miniApp.settings.operate.tooLong', { n: NAME_EN_MAX });
  return out.zh || out.en ? out : null;
}

export default function OperateSettings() {
  const { t } = useTranslation();
  const app = useMiniApp();
  const appId = app.params.appId;
  // (empty until the saved rows arrive: defaults shown first would look like what is saved)
  const [rows, setRows] = useState<OperateRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);

  const load = () => {
    setLoading(true);
    listOperates(appId)
      .then((saved) => { setRows(mergeOperates(saved)); setDirty(false); setTried(false); })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  useEffect(load, [appId]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (code: string, patch: Partial<OperateRow>) => {
    setRows((l) => l.map((r) => (r.operateCode === code ? { ...r, ...patch } : r)));
    setDirty(true);
  };
  const move = (i: number, by: number) => {
    setRows((l) => {
      const j = i + by;
      if (j < 0 || j >= l.length) return l;
      const next = [...l];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
    setDirty(true);
  };
  const save = async () => {
    setTried(true);
    if (rows.some((r) => problemOf(r, t))) {
      message.error(t('miniApp.settings.operate.fixFirst'));
      return;
    }
    setSaving(true);
    try {
      await batchSubmitOperates(appId, rows.map((r, i) => ({
        operateCode: r.operateCode, operateName: r.operateName.trim(), operateNameEn: (r.operateNameEn ?? '').trim() || null, enabled: r.enabled ? 1 : 0, sort: i + 1,
      })));
      message.success(t('miniApp.settings.operate.saved'));
      load();
    } finally {
      setSaving(false);
    }
  };
  const reset = () => Modal.confirm({
    title: t('common.tip'),
    content: t('miniApp.settings.operate.resetConfirm'),
    onOk: () => { setRows(defaultOperates()); setDirty(true); setTried(false); },
  });
  const defaultOf = (code: string) => APP_OPERATE_DEFAULTS.find((d) => d.operateCode === code);

  return (
    <Spin spinning={loading}>
      <Card
        title={t('miniApp.settings.operate.title')}
        extra={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={load} disabled={saving}>{t('miniApp.settings.operate.reload')}</Button>
            <Button icon={<UndoOutlined />} onClick={reset} disabled={saving || !rows.length} data-testid="operate-reset">{t('miniApp.settings.operate.reset')}</Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!rows.length} onClick={() => void save()} data-testid="operate-save">{t('common.save')}</Button>
          </Space>
        }
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('miniApp.settings.operate.help')} />
        {dirty && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('miniApp.settings.operate.unsaved')} />}
        <Table<OperateRow>
          rowKey="operateCode"
          size="middle"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('miniApp.settings.operate.order'), key: 'order', width: 70, render: (_v, _r, i) => <Typography.Text strong>{i + 1}</Typography.Text> },
            {
              title: t('miniApp.settings.operate.code'), dataIndex: 'operateCode', width: 200,
              render: (code: string) => {
                const d = defaultOf(code);
                return <Space size={4}><Tag>{code}</Tag><Typography.Text type="secondary">{d ? t('miniApp.settings.operate.defaultName', { zh: d.operateName, en: d.operateNameEn }) : ''}</Typography.Text></Space>;
              },
            },
            {
              title: <span><span style={{ color: '#ff4d4f' }}>* </span>{t('miniApp.settings.operate.nameZh')}</span>, dataIndex: 'operateName', width: 220,
              render: (_v, r) => {
                const p = tried ? problemOf(r, t) : null;
                return (
                  <div>
                    <Input value={r.operateName} maxLength={NAME_MAX + 8} status={p?.zh ? 'error' : undefined} aria-label={`${r.operateCode} ${t('miniApp.settings.operate.nameZh')}`}
                      onChange={(e) => change(r.operateCode, { operateName: e.target.value })} />
                    {p?.zh && <Typography.Text type="danger" style={{ fontSize: 12 }}>{p.zh}</Typography.Text>}
                  </div>
                );
              },
            },
            {
              title: t('miniApp.settings.operate.nameEn'), dataIndex: 'operateNameEn', width: 240,
              render: (_v, r) => {
                const p = tried ? problemOf(r, t) : null;
                return (
                  <div>
                    <Input value={r.operateNameEn ?? ''} maxLength={NAME_EN_MAX + 8} status={p?.en ? 'error' : undefined} aria-label={`${r.operateCode} ${t('miniApp.settings.operate.nameEn')}`}
                      onChange={(e) => change(r.operateCode, { operateNameEn: e.target.value })} />
                    {p?.en && <Typography.Text type="danger" style={{ fontSize: 12 }}>{p.en}</Typography.Text>}
                  </div>
                );
              },
            },
            {
              title: t('miniApp.settings.operate.enabled'), dataIndex: 'enabled', width: 110,
              render: (_v, r) => (
                <Switch checked={!!r.enabled} checkedChildren={t('miniApp.settings.operate.on')} unCheckedChildren={t('miniApp.settings.operate.off')}
                  aria-label={`${r.operateCode} ${t('miniApp.settings.operate.enabled')}`} onChange={(on) => change(r.operateCode, { enabled: on ? 1 : 0 })} />
              ),
            },
            {
              title: t('miniApp.settings.operate.move'), key: 'move', width: 110,
              render: (_v, r, i) => (
                <Space size={4}>
                  <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={`${r.operateCode} ${t('miniApp.settings.operate.up')}`} title={t('miniApp.settings.operate.up')} onClick={() => move(i, -1)} />
                  <Button size="small" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} aria-label={`${r.operateCode} ${t('miniApp.settings.operate.down')}`} title={t('miniApp.settings.operate.down')} onClick={() => move(i, 1)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Spin>
  );
}
