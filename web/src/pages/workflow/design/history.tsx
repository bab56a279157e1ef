// /workflow/design/model/history/{id} (000 §2.2): the deployed versions of a model; each can be
// viewed read-only, and one can become the main version again (its diagram and settings return to
// the model and are deployed as a new version).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Modal, Space, Tag, message } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FlowViewer } from '../../../components/workflow/FlowViewer';
import { usePermission } from '../../../components/Permitted';
import { website } from '../../../website';
import { modelApi, type Model, type ModelHistory } from './api';
import { totalText } from '../../../api/crud';

export default function ModelHistoryPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const id = location.pathname.split('/').filter(Boolean).pop() ?? '';
  const [model, setModel] = useState<Model | null>(null);
  const [viewing, setViewing] = useState<ModelHistory | null>(null);
  const canEdit = usePermission('wf_design_model_edit');
  const ref = useRef<ActionType>(null);
  const loadModel = () => modelApi.detail(id).then(setModel, () => setModel(null));
  useEffect(() => {
    void loadModel();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const view = async (row: ModelHistory) => setViewing((await modelApi.historyDetail(row.id)) ?? row);
  const makeMain = (row: ModelHistory) =>
    Modal.confirm({
      title: t('common.tip'),
      content: t('wfd.history.mainConfirm', { version: row.version }),
      onOk: async () => {
        const r = await modelApi.setMainVersion(row.id);
        message.success(t('wfd.history.mainDone', { version: row.version, deployed: r.data.version }));
        await loadModel();
        ref.current?.reload();
      },
    });

  return (
    <div className="resource-list wf-model-history">
      <ProTable<ModelHistory>
        rowKey="id"
        actionRef={ref}
        cardBordered
        search={false}
        headerTitle={
          <Space>
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('wfd.model.backToList')} onClick={() => navigate('/workflow/design/model')} />
            <span className="list-title">{t('wfd.history.title')}</span>
            {model && (
              <>
                <Tag>{model.name}</Tag>
                <Tag color="blue">{t('wfd.history.current', { version: model.version })}</Tag>
              </>
            )}
          </Space>
        }
        toolBarRender={() => [
          canEdit && (
            <Button key="design" icon={<EditOutlined />} onClick={() => navigate(`/workflow/design/process/${id}`)}>
              {t('wfd.action.design')}
            </Button>
          ),
        ]}
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) }}
        request={async ({ current, pageSize }) => {
          const page = await modelApi.history({ modelId: id, current, size: pageSize });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('wfd.model.version'), dataIndex: 'version', width: 110, render: (_, r) => <Tag color={model?.version === r.version ? 'blue' : 'default'}>v{r.version}</Tag> },
          { title: t('wfd.model.name'), dataIndex: 'name' },
          { title: t('wfd.history.definitionId'), dataIndex: 'definitionId', render: (_, r) => r.definitionId ?? '-' },
          { title: t('wfd.history.deployTime'), dataIndex: 'createTime', width: 180, render: (_, r) => String(r.createTime ?? '').replace('T', ' ').slice(0, 19) },
          {
            title: t('common.action'),
            valueType: 'option',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void view(r)}>
                  {t('wfd.history.view')}
                </Button>
                {canEdit && model?.version !== r.version && (
                  <Button type="link" size="small" className="wf-set-main" onClick={() => makeMain(r)}>
                    {t('wfd.history.setMain')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!viewing} title={viewing ? `${viewing.name} · v${viewing.version}` : ''} width={1000} footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <FlowViewer xml={viewing.xml} height={520} />}
      </Modal>
    </div>
  );
}
