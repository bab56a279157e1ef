// 流程设计 (/miniApp/home/processDesign, 001 §2.2): the process the app's new records go through
// (appInfo.processDefKey) and the process models of the platform's designer — design one (the BPMN
// designer inside the shell), deploy it, bind a deployed one to the app or unbind it. A new process
// for the app starts with the app's name and a key of its own.
import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Modal, Skeleton, Space, Tag, Tooltip, TreeSelect, Typography, message } from 'antd';
import { ApiOutlined, DisconnectOutlined, EditOutlined, LinkOutlined, MonitorOutlined, PlusOutlined, RocketOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { totalText } from '../../../api/crud';
import { website } from '../../../website';
import { useMiniApp } from '../context';
import { appDetail, appUpdate, processCategoryTree, processModelApi, type ProcessModel } from './api';
import { useBusy } from './busy';
import './design.css';

const KEY = /^[A-Za-z_][\w.-]*$/;
const time = (v: unknown) => String(v ?? '').replace('T', ' ').slice(0, 19);

export default function ProcessDesign() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const mini = useMiniApp();
  const appId = mini.params.appId;
  const ref = useRef<ActionType>(null);
  const app = useQuery({ queryKey: ['miniApp', 'detail', appId], queryFn: () => appDetail(appId) });
  const key = app.data?.processDefKey ?? '';
  const bound = useQuery({ queryKey: ['miniApp', 'boundProcess', key], queryFn: () => processModelApi.byKey(key), enabled: !!key });
  const categories = useQuery({ queryKey: ['miniApp', 'processCategories'], queryFn: processCategoryTree });
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; modelKey: string; categoryId?: string }>();
  const [busy, run] = useBusy();

  const design = (m: ProcessModel) => nav(`/miniApp/home/design/process?params=${mini.encoded}&id=${m.id}`);
  const reloadAll = () => {
    void app.refetch();
    void bound.refetch();
    ref.current?.reload();
    mini.refresh();
  };
  const bind = async (processDefKey: string | null) => {
    if (!app.data) return;
    await appUpdate(app.data, { processDefKey });
    message.success(t(processDefKey ? 'miniApp.design.process.bound' : 'miniApp.design.process.unbound'));
    reloadAll();
  };
  const deploy = (m: ProcessModel) =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('miniApp.design.process.deployConfirm', { name: m.name }),
      onOk: async () => {
        const r = await processModelApi.deploy(m.id);
        message.success(t('miniApp.design.process.deployed', { version: r.data.version }));
        reloadAll();
      },
    });

  if (app.isLoading) return <Card><Skeleton active /></Card>;
  const b = bound.data;

  return (
    <div className="ma-process-design">
      <Card
        className="ma-process-bound"
        title={<Space><ApiOutlined />{t('miniApp.design.process.boundTitle')}</Space>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { form.resetFields(); setCreating(true); }} className="ma-process-new">
            {t('miniApp.design.process.new')}
          </Button>
        }
      >
        {!key ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('miniApp.design.process.none')} />
        ) : bound.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
              <Descriptions.Item label={t('miniApp.design.process.name')}>{b?.name ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('miniApp.design.process.key')}><Typography.Text code>{key}</Typography.Text></Descriptions.Item>
              <Descriptions.Item label={t('miniApp.design.process.version')}>
                {b ? (b.version > 0 ? <Tag color="blue">v{b.version}</Tag> : <Tag>{t('miniApp.design.process.notDeployed')}</Tag>) : '-'}
              </Descriptions.Item>
            </Descriptions>
            {!b && <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('miniApp.design.process.noModelForKey')} />}
            {b && b.version === 0 && <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('miniApp.design.process.deployFirst')} />}
            <Space style={{ marginTop: 12 }} wrap>
              {b && <Button icon={<EditOutlined />} onClick={() => design(b)}>{t('miniApp.design.process.design')}</Button>}
              {b && <Button icon={<RocketOutlined />} onClick={() => deploy(b)}>{t('miniApp.design.process.deploy')}</Button>}
              <Button icon={<MonitorOutlined />} onClick={() => nav(`/miniApp/home/processOps?params=${mini.encoded}`)}>{t('miniApp.design.process.ops')}</Button>
              <Button danger icon={<DisconnectOutlined />} onClick={() => Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.process.unbindConfirm'), onOk: () => bind(null) })} className="ma-process-unbind">
                {t('miniApp.design.process.unbind')}
              </Button>
            </Space>
          </>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>{t('miniApp.design.process.help')}</Typography.Paragraph>
      </Card>
      <div className="resource-list" style={{ marginTop: 16 }}>
        <ProTable<ProcessModel>
          rowKey="id"
          actionRef={ref}
          cardBordered
          headerTitle={<span className="list-title">{t('miniApp.design.process.models')}</span>}
          search={{ labelWidth: 'auto' }}
          scroll={{ x: 'max-content' }}
          options={{ reload: true, density: false, setting: false, fullScreen: false }}
          params={{ category }}
          pagination={{ defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) }}
          toolBarRender={() => [
            <TreeSelect
              key="category"
              allowClear
              style={{ width: 200 }}
              treeDefaultExpandAll
              placeholder={t('miniApp.design.process.category')}
              treeData={categories.data ?? []}
              fieldNames={{ label: 'title', value: 'id', children: 'children' }}
              value={category}
              onChange={(v) => setCategory(v ?? undefined)}
            />,
          ]}
          request={async (q) => {
            const page = await processModelApi.list({
              current: q.current, size: q.pageSize, name_like: q.name as string | undefined, modelKey_like: q.modelKey as string | undefined, categoryId_equal: category,
            });
            return { data: page.records ?? [], total: page.total ?? 0, success: true };
          }}
          columns={[
            { title: t('miniApp.design.process.name'), dataIndex: 'name', width: 180 },
            { title: t('miniApp.design.process.key'), dataIndex: 'modelKey', width: 180, render: (_, r) => <Space size={4}><Typography.Text code>{r.modelKey}</Typography.Text>{r.modelKey === key && <Tag color="green">{t('miniApp.design.process.current')}</Tag>}</Space> },
            { title: t('miniApp.design.process.version'), dataIndex: 'version', width: 100, hideInSearch: true, render: (_, r) => (r.version > 0 ? <Tag color="blue">v{r.version}</Tag> : <Tag>{t('miniApp.design.process.notDeployed')}</Tag>) },
            { title: t('miniApp.design.process.updated'), dataIndex: 'updateTime', width: 170, hideInSearch: true, render: (_, r) => time(r.updateTime ?? r.createTime) },
            {
              title: t('common.action'), valueType: 'option', fixed: 'right', width: 230,
              render: (_, r) => (
                <Space size={0} className="row-actions">
                  <Button type="link" size="small" onClick={() => design(r)} className="ma-process-design-btn">{t('miniApp.design.process.design')}</Button>
                  <Button type="link" size="small" onClick={() => deploy(r)}>{t('miniApp.design.process.deploy')}</Button>
                  {r.modelKey !== key && (
                    <Tooltip title={r.version > 0 ? undefined : t('miniApp.design.process.deployFirst')}>
                      <Button type="link" size="small" icon={<LinkOutlined />} disabled={!(r.version > 0)} onClick={() => Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.process.bindConfirm', { name: r.name }), onOk: () => bind(r.modelKey) })} className="ma-process-bind">
                        {t('miniApp.design.process.bind')}
                      </Button>
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={creating}
        title={t('miniApp.design.process.newTitle')}
        onCancel={() => setCreating(false)}
        destroyOnHidden
        okText={t('miniApp.design.process.createAndDesign')}
        confirmLoading={busy}
        onOk={() => run(async () => {
          // (a refused form shows its messages at the fields)
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          const saved = (await processModelApi.submit({ name: v.name.trim(), modelKey: v.modelKey.trim(), categoryId: v.categoryId || null })) as ProcessModel;
          setCreating(false);
          message.success(t('miniApp.design.common.saved'));
          design(saved);
        })}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ name: mini.params.appName || app.data?.appName, modelKey: `miniapp_${appId}` }}>
          <Form.Item name="name" label={t('miniApp.design.process.name')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.process.nameRequired') }, { max: 255 }]}>
            <Input id="ma-process-name" />
          </Form.Item>
          <Form.Item name="modelKey" label={t('miniApp.design.process.key')} extra={t('miniApp.design.process.keyHelp')} rules={[{ required: true, whitespace: true, message: t('miniApp.design.process.keyRequired') }, { pattern: KEY, message: t('miniApp.design.process.keyInvalid') }, { max: 255 }]}>
            <Input id="ma-process-key" />
          </Form.Item>
          <Form.Item name="categoryId" label={t('miniApp.design.process.category')}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={categories.data ?? []} fieldNames={{ label: 'title', value: 'id', children: 'children' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
