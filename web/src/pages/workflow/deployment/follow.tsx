// 流程监控 (/workflow/ops, menu wf_ops): running processes of the tenant with their current nodes
// (流程跟踪), the flow chart of each, and deleting a running process with a reason.
import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Form, Input, Modal, Space, Tag, Tooltip, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog } from '../../../components/workflow/FlowChartDialog';
import { usePermission } from '../../../components/Permitted';
import { website } from '../../../website';
import { deployApi, type FollowRow } from '../design/api';
import { totalText } from '../../../api/crud';
import { rangeSeparator } from '../../../components/rangeSeparator';

const time = (v: unknown) => String(v ?? '').replace('T', ' ').slice(0, 19);

export default function FollowPage() {
  const { t } = useTranslation();
  const ref = useRef<ActionType>(null);
  const [chart, setChart] = useState<{ processInstanceId: string } | null>(null);
  const [deleting, setDeleting] = useState<FollowRow | null>(null);
  const canDelete = usePermission('deployment_delete');

  return (
    <div className="resource-list wf-follow">
      <ProTable<FollowRow>
        rowKey="processInstanceId"
        actionRef={ref}
        cardBordered
        headerTitle={<span className="list-title">{t('wfd.follow.title')}</span>}
        search={{ labelWidth: 'auto' }}
        dateFormatter="string"
        scroll={{ x: 'max-content' }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) }}
        request={async (params) => {
          const { current, pageSize, processDefinitionName, processDefinitionKey, startTime } = params as Record<string, string | number | string[] | undefined>;
          const [from, to] = (startTime as string[] | undefined) ?? [];
          const page = await deployApi.follow({
            current: current as number,
            size: pageSize as number,
            processDefinitionName_like: processDefinitionName as string,
            processDefinitionKey_like: processDefinitionKey as string,
            startTime_dategt: from ? `${from.slice(0, 10)} 00:00:00` : undefined,
            startTime_datelt: to ? `${to.slice(0, 10)} 23:59:59` : undefined,
          });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('wfd.follow.process'), dataIndex: 'processDefinitionName', render: (_, r) => r.processDefinitionName || r.processDefinitionKey },
          { title: t('wfd.deploy.key'), dataIndex: 'processDefinitionKey', render: (_, r) => <Tag>{r.processDefinitionKey}</Tag> },
          { title: t('wfd.follow.instanceId'), dataIndex: 'processInstanceId', hideInSearch: true, copyable: true },
          { title: t('wfd.follow.starter'), dataIndex: 'startUsername', hideInSearch: true, render: (_, r) => String(r.startUsername ?? '-') },
          {
            title: t('wfd.follow.currentNodes'),
            dataIndex: 'currentNodes',
            hideInSearch: true,
            render: (_, r) =>
              r.currentNodes.length ? (
                <Space size={[4, 4]} wrap>
                  {r.currentNodes.map((n) => (
                    <Tooltip key={n.taskId} title={(n as { assigneeName?: string | null }).assigneeName ?? t('wfd.follow.unassigned')}>
                      <Tag color="processing">
                        {n.taskName || '-'}
                        {(n as { assigneeName?: string | null }).assigneeName ? ` · ${(n as { assigneeName?: string | null }).assigneeName}` : ''}
                      </Tag>
                    </Tooltip>
                  ))}
                </Space>
              ) : (
                '-'
              ),
          },
          { title: t('wfd.follow.startTime'), dataIndex: 'startTime', valueType: 'dateRange', fieldProps: { separator: rangeSeparator() }, render: (_, r) => time(r.startTime) },
          {
            title: t('common.action'),
            valueType: 'option',
            fixed: 'right',
            width: 150,
            render: (_, r) => (
              <Space size={0} className="row-actions">
                <Button type="link" size="small" onClick={() => setChart({ processInstanceId: r.processInstanceId })}>
                  {t('wf.action.follow')}
                </Button>
                {canDelete && (
                  <Button type="link" size="small" danger onClick={() => setDeleting(r)}>
                    {t('common.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
      <DeleteDialog
        row={deleting}
        onClose={(done) => {
          setDeleting(null);
          if (done) ref.current?.reload();
        }}
      />
    </div>
  );
}

function DeleteDialog({ row, onClose }: { row: FollowRow | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={!!row}
      title={t('wfd.follow.deleteTitle')}
      okButtonProps={{ danger: true }}
      okText={t('common.delete')}
      onCancel={() => onClose(false)}
      destroyOnHidden
      onOk={async () => {
        const { reason } = await form.validateFields();
        await deployApi.deleteInstance(row!.processInstanceId, reason.trim());
        message.success(t('common.success'));
        onClose(true);
      }}
    >
      <p>{t('wfd.follow.deleteConfirm', { name: row?.processDefinitionName || row?.processDefinitionKey })}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('wfd.follow.reason')} rules={[{ required: true, whitespace: true, message: t('wfd.follow.reasonRequired') }, { max: 500, message: t('wfd.model.tooLong') }]}>
          <Input.TextArea id="wf-delete-reason" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
