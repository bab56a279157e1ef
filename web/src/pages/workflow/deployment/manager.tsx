// 部署管理 (/workflow/deployment, menu deployment): deployed process definitions (every version or
// the newest of each key), deployment by upload of .bpmn / .bpmn20.xml / .xml files, suspend and
// activate, delete a deployment, the diagram of a definition. Buttons follow deployment_add /
// _view / _edit / _delete.
import { useEffect, useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Form, Modal, Space, Switch, Tag, TreeSelect, Upload, message, type UploadFile } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../api/crud';
import { FlowChartDialog } from '../../../components/workflow/FlowChartDialog';
import { usePermission } from '../../../components/Permitted';
import { TransferBar, useTransfer } from '../../../components/transfer';
import { website } from '../../../website';
import { categoryApi, deployApi, type DefinitionRow } from '../design/api';
import { totalText } from '../../../api/crud';

const findName = (nodes: TreeNode[], id: unknown): string | undefined => {
  for (const n of nodes) {
    if (n.id === String(id)) return n.title;
    const hit = findName(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
};
const time = (v: unknown) => String(v ?? '').replace('T', ' ').slice(0, 19);

export default function DeploymentPage() {
  const { t } = useTranslation();
  const ref = useRef<ActionType>(null);
  const [latest, setLatest] = useState(true);
  const [categories, setCategories] = useState<TreeNode[]>([]);
  const [chart, setChart] = useState<{ processDefinitionId: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const canAdd = usePermission('deployment_add');
  const canView = usePermission('deployment_view');
  const canEdit = usePermission('deployment_edit');
  const canDelete = usePermission('deployment_delete');
  useEffect(() => {
    void categoryApi.tree().then(setCategories, () => undefined);
  }, []);

  const changeState = (r: DefinitionRow) => {
    const suspend = r.suspensionState === 1;
    Modal.confirm({
      title: t('common.tip'),
      content: t(suspend ? 'wfd.deploy.suspendConfirm' : 'wfd.deploy.activateConfirm', { name: r.name || r.key, version: r.version }),
      onOk: async () => {
        await deployApi.changeState(r.id, suspend ? 'suspend' : 'active');
        message.success(t(suspend ? 'wfd.deploy.suspended' : 'wfd.deploy.activated'));
        ref.current?.reload();
      },
    });
  };
  const remove = (r: DefinitionRow) =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('wfd.deploy.removeConfirm', { name: r.name || r.key, version: r.version }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deployApi.remove([r.deploymentId]);
        message.success(t('common.success'));
        ref.current?.reload();
      },
    });

  return (
    <div className="resource-list wf-deployments">
      <ProTable<DefinitionRow>
        rowKey="id"
        actionRef={ref}
        cardBordered
        headerTitle={<span className="list-title">{t('wfd.deploy.title')}</span>}
        params={{ latest }}
        search={{ labelWidth: 'auto' }}
        dateFormatter="string"
        scroll={{ x: 'max-content' }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) }}
        toolBarRender={() => [
          <Space key="latest" size={6}>
            <Switch size="small" className="wf-latest" checked={latest} onChange={setLatest} />
            <span>{t('wfd.deploy.latestOnly')}</span>
          </Space>,
          canAdd && (
            <Button key="upload" type="primary" icon={<UploadOutlined />} className="wf-upload" onClick={() => setUploading(true)}>
              {t('wfd.deploy.upload')}
            </Button>
          ),
        ]}
        request={async (params) => {
          const { current, pageSize, key, category } = params as { current?: number; pageSize?: number; key?: string; category?: string };
          const page = await deployApi.list({ current, size: pageSize, key, category, latest: latest ? 1 : undefined });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('wfd.deploy.name'), dataIndex: 'name', hideInSearch: true, render: (_, r) => r.name || '-' },
          { title: t('wfd.deploy.key'), dataIndex: 'key', render: (_, r) => <Tag>{r.key}</Tag> },
          { title: t('wfd.model.version'), dataIndex: 'version', hideInSearch: true, width: 80, render: (_, r) => `v${r.version}` },
          {
            title: t('wfd.model.category'),
            dataIndex: 'category',
            valueType: 'treeSelect',
            fieldProps: { treeData: categories, treeDefaultExpandAll: true, allowClear: true, fieldNames: { label: 'title', value: 'id' } },
            render: (_, r) => findName(categories, r.category) ?? r.category ?? '-',
          },
          {
            title: t('wfd.deploy.state'),
            dataIndex: 'suspensionState',
            hideInSearch: true,
            width: 100,
            render: (_, r) => (r.suspensionState === 2 ? <Tag color="orange">{t('wfd.deploy.stateSuspended')}</Tag> : <Tag color="green">{t('wfd.deploy.stateActive')}</Tag>),
          },
          { title: t('wfd.deploy.resource'), dataIndex: 'resourceName', hideInSearch: true, ellipsis: true, render: (_, r) => r.resourceName || '-' },
          { title: t('wfd.deploy.time'), dataIndex: 'deploymentTime', hideInSearch: true, width: 170, render: (_, r) => time(r.deploymentTime) },
          {
            title: t('common.action'),
            valueType: 'option',
            fixed: 'right',
            width: 200,
            render: (_, r) => (
              <Space size={0} className="row-actions">
                {canView && (
                  <Button type="link" size="small" onClick={() => setChart({ processDefinitionId: r.id })}>
                    {t('wfd.deploy.diagram')}
                  </Button>
                )}
                {canEdit && (
                  <Button type="link" size="small" className="wf-change-state" onClick={() => changeState(r)}>
                    {t(r.suspensionState === 1 ? 'wfd.deploy.suspend' : 'wfd.deploy.activate')}
                  </Button>
                )}
                {canDelete && (
                  <Button type="link" size="small" danger onClick={() => remove(r)}>
                    {t('common.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
      <UploadDialog
        open={uploading}
        categories={categories}
        onClose={(done) => {
          setUploading(false);
          if (done) ref.current?.reload();
        }}
      />
    </div>
  );
}

function UploadDialog({ open, categories, onClose }: { open: boolean; categories: TreeNode[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [category, setCategory] = useState<string>();
  const upload = useTransfer();
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setFiles([]);
      setCategory(undefined);
      setError('');
    }
  }, [open]);
  const submit = async () => {
    if (!files.length) {
      setError(t('wfd.deploy.fileRequired'));
      return;
    }
    const r = await upload.run((onProgress) => deployApi.upload(files.map((f) => f.originFileObj as File), category, onProgress));
    if (!r) return;
    message.success(t('wfd.deploy.uploaded', { count: (r.data ?? []).length }));
    onClose(true);
  };
  return (
    <Modal open={open} title={t('wfd.deploy.upload')} onCancel={() => !upload.busy && onClose(false)} onOk={() => void submit()} confirmLoading={upload.busy} okText={t('wfd.action.deploy')} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('wfd.model.category')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={categories as never} value={category} onChange={setCategory} placeholder={t('wfd.deploy.noCategory')} />
        </Form.Item>
        <Form.Item label={t('wfd.deploy.files')} validateStatus={error ? 'error' : undefined} help={error || t('wfd.deploy.filesHelp')} required>
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            beforeUpload={(f) => {
              if (!/\.(bpmn20\.xml|bpmn|xml)$/i.test(f.name)) {
                message.error(t('wfd.designer.fileType'));
                return Upload.LIST_IGNORE;
              }
              setError('');
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('wfd.deploy.dropFiles')}</p>
          </Upload.Dragger>
          <TransferBar transfer={upload.transfer} style={{ marginTop: 8 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
