// 应用设计 (/miniApp/home/appConfigManage, 001 §2.2): the design of the current app in three steps —
// its data model (fields, child models, the real tables), its form (the form designer seeded from the
// model) and its basics (name, icon, category, bound process, publishing). The data screen sends people
// here with ?from=data while the app has no design ("design it first", 001 §8).
import { useCallback, useRef } from 'react';
import { Alert, Avatar, Button, Card, Modal, Result, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { AppstoreOutlined, DatabaseOutlined, FormOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { appIconUrl } from '../api';
import { useMiniApp } from '../context';
import { appDetail, modelApi } from './api';
import { AppBasics } from './AppBasics';
import { formOf, FormDesign } from './FormDesign';
import { ModelDesign } from './ModelDesign';
import './design.css';

type Step = 'model' | 'form' | 'basics';
const STEPS: Step[] = ['model', 'form', 'basics'];

export default function AppConfigManage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const mini = useMiniApp();
  const [search, setSearch] = useSearchParams();
  const appId = mini.params.appId;
  const app = useQuery({ queryKey: ['miniApp', 'detail', appId], queryFn: () => appDetail(appId) });
  const modelId = app.data?.modelId ? String(app.data.modelId) : '';
  const main = useQuery({ queryKey: ['miniApp', 'model', modelId], queryFn: () => modelApi.detail(modelId), enabled: !!modelId });
  // the step is in the address (?step=), so a link or the back button opens the same one
  const asked = search.get('step') as Step | null;
  const step: Step = asked && STEPS.includes(asked) ? asked : 'model';
  // a step with unsaved changes (fields, form) asks before it is left
  const dirty = useRef(false);
  const onDirty = useCallback((d: boolean) => { dirty.current = d; }, []);
  const setStep = (s: Step) => {
    if (s === step) return;
    const go = () => {
      dirty.current = false;
      const next = new URLSearchParams(search);
      next.set('step', s);
      setSearch(next);
    };
    if (dirty.current) Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.common.discard'), onOk: go });
    else go();
  };
  const fromData = search.get('from') === 'data';

  if (app.isLoading) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (!app.data) return <Result status="warning" title={t('miniApp.design.noApp')} />;
  const a = app.data;
  const changed = () => {
    void app.refetch();
    void main.refetch();
    mini.refresh();
  };
  const tableMade = (main.data?.tableStatus ?? 0) > 0;
  const hasForm = !!formOf(a);
  const status = (s: Step): 'finish' | 'process' | 'wait' => {
    if (s === step) return 'process';
    if (s === 'model') return tableMade ? 'finish' : 'wait';
    if (s === 'form') return hasForm ? 'finish' : 'wait';
    return Number(a.appStatus) === 1 ? 'finish' : 'wait';
  };

  return (
    <div className="ma-design">
      {fromData && !tableMade && (
        <Alert
          type="warning"
          showIcon
          closable
          className="ma-design-first"
          style={{ marginBottom: 12 }}
          message={t('miniApp.design.designFirst')}
          onClose={() => {
            const next = new URLSearchParams(search);
            next.delete('from');
            setSearch(next, { replace: true });
          }}
        />
      )}
      <Card size="small" className="ma-design-head" styles={{ body: { padding: '12px 16px' } }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Avatar shape="square" size={40} src={appIconUrl(a.appIcon)} icon={<AppstoreOutlined />} style={{ background: '#409EFF', flex: 'none' }} />
          <div style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Space>
              <Typography.Title level={5} style={{ margin: 0 }} className="ma-design-app-name">{a.appName}</Typography.Title>
              <Tag color={Number(a.appStatus) === 1 ? 'green' : 'default'}>{t(Number(a.appStatus) === 1 ? 'miniApp.design.basics.published' : 'miniApp.design.basics.draft')}</Tag>
              {a.processDefKey && <Tag color="purple">{t('miniApp.design.processBound', { key: a.processDefKey })}</Tag>}
            </Space>
            <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>{a.appDesc || t('miniApp.design.noDesc')}</Typography.Text>
          </div>
          {tableMade && (
            <Button icon={<TableOutlined />} onClick={() => nav(`/miniApp/home/dataManage?params=${mini.encoded}`)} className="ma-go-data">
              {t('miniApp.design.toData')}
            </Button>
          )}
        </div>
        <Steps
          type="navigation"
          size="small"
          current={STEPS.indexOf(step)}
          onChange={(i) => setStep(STEPS[i])}
          className="ma-design-steps"
          style={{ marginTop: 8 }}
          items={[
            { title: t('miniApp.design.step.model'), icon: <DatabaseOutlined />, status: status('model'), description: main.data ? main.data.modelName : t('miniApp.design.step.modelHint') },
            { title: t('miniApp.design.step.form'), icon: <FormOutlined />, status: status('form'), disabled: !modelId, description: hasForm ? t('miniApp.design.step.formDone') : t('miniApp.design.step.formHint') },
            { title: t('miniApp.design.step.basics'), icon: <AppstoreOutlined />, status: status('basics'), description: t('miniApp.design.step.basicsHint') },
          ]}
        />
      </Card>
      <div style={{ marginTop: 12 }}>
        {step === 'model' && <ModelDesign app={a} onChanged={changed} onDirty={onDirty} />}
        {step === 'form' && <FormDesign app={a} onSaved={changed} onDirty={onDirty} />}
        {step === 'basics' && <AppBasics app={a} onSaved={changed} />}
      </div>
    </div>
  );
}
