// 流程运维 (/miniApp/home/processOps, 001 §2.2): the processes of the app's bound process definition —
// running, finished or all — with their current nodes and handlers; each opens its detail (a window of
// its own, as the workflow lists open them) or its flow chart.
import { useRef, useState } from 'react';
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Empty, Result, Segmented, Space, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { totalText } from '../../../api/crud';
import { website } from '../../../website';
import { FlowChartDialog } from '../../../components/workflow/FlowChartDialog';
import { StatusTag } from '../../../components/workflow/StatusTag';
import { encodeParams as encodeProcessParams } from '../../../components/workflow/params';
import { rangeSeparator } from '../../../components/rangeSeparator';
import { useMiniApp } from '../context';
import { appDetail, processInstances, type ProcessInstanceRow } from './api';

type Which = 'running' | 'finished' | 'all';
const time = (v: unknown) => String(v ?? '').replace('T', ' ').slice(0, 19);

export default function ProcessOps() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const mini = useMiniApp();
  const ref = useRef<ActionType>(null);
  const [which, setWhich] = useState<Which>('running');
  const [chart, setChart] = useState<{ processInstanceId: string } | null>(null);
  const app = useQuery({ queryKey: ['miniApp', 'detail', mini.params.appId], queryFn: () => appDetail(mini.params.appId) });
  const key = app.data?.processDefKey ?? '';

  if (app.isSuccess && !key) {
    return (
      <Result
        icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
        title={t('miniApp.design.ops.noProcess')}
        extra={<Button type="primary" onClick={() => nav(`/miniApp/home/processDesign?params=${mini.encoded}`)}>{t('miniApp.design.ops.toDesign')}</Button>}
      />
    );
  }

  return (
    <div className="resource-list ma-process-ops">
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
      <ProTable<ProcessInstanceRow>
        rowKey="processInstanceId"
        actionRef={ref}
        cardBordered
        headerTitle={
          <Space>
            <span className="list-title">{t('miniApp.design.ops.title')}</span>
            {key && <Tag>{key}</Tag>}
          </Space>
        }
        params={{ which, key }}
        search={{ labelWidth: 'auto' }}
        dateFormatter="string"
        scroll={{ x: 'max-content' }}
        options={{ reload: true, density: false, setting: false, fullScreen: false }}
        pagination={{ defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) }}
        toolBarRender={() => [
          <Segmented
            key="which"
            value={which}
            onChange={(v) => setWhich(v as Which)}
            className="ma-ops-which"
            options={[{ value: 'running', label: t('miniApp.design.ops.running') }, { value: 'finished', label: t('miniApp.design.ops.finished') }, { value: 'all', label: t('miniApp.design.ops.all') }]}
          />,
        ]}
        request={async (q) => {
          if (!key) return { data: [], total: 0, success: true };
          const [from, to] = (q.startTime as string[] | undefined) ?? [];
          const page = await processInstances({
            current: q.current, size: q.pageSize, processDefinitionKey_equal: key,
            ...(which === 'running' ? { processIsFinished_equal: 'running' } : which === 'finished' ? { processIsFinished_notequal: 'running' } : {}),
            startTime_dategt: from ? `${from.slice(0, 10)} 00:00:00` : undefined,
            startTime_datelt: to ? `${to.slice(0, 10)} 23:59:59` : undefined,
          });
          return { data: page.records ?? [], total: page.total ?? 0, success: true };
        }}
        columns={[
          { title: t('miniApp.design.ops.process'), dataIndex: 'processDefinitionName', hideInSearch: true, render: (_, r) => r.processDefinitionName || r.processDefinitionKey },
          { title: t('miniApp.design.ops.instance'), dataIndex: 'processInstanceId', hideInSearch: true, copyable: true },
          { title: t('miniApp.design.ops.starter'), dataIndex: 'startUsername', hideInSearch: true, render: (_, r) => r.startUsername ?? '-' },
          {
            title: t('miniApp.design.ops.nodes'), dataIndex: 'currentNodes', hideInSearch: true,
            render: (_, r) =>
              r.currentNodes?.length ? (
                <Space size={[4, 4]} wrap>
                  {r.currentNodes.map((n) => (
                    <Tooltip key={n.taskId} title={n.assigneeName ?? undefined}>
                      <Tag color="processing">{n.taskName || '-'}{n.assigneeName ? ` · ${n.assigneeName}` : ''}</Tag>
                    </Tooltip>
                  ))}
                </Space>
              ) : '-',
          },
          { title: t('miniApp.design.ops.status'), dataIndex: 'processIsFinished', hideInSearch: true, render: (_, r) => <StatusTag status={r.processIsFinished} /> },
          { title: t('miniApp.design.ops.startTime'), dataIndex: 'startTime', valueType: 'dateRange', fieldProps: { separator: rangeSeparator() }, render: (_, r) => time(r.startTime) },
          { title: t('miniApp.design.ops.endTime'), dataIndex: 'endTime', hideInSearch: true, render: (_, r) => (r.endTime ? time(r.endTime) : '-') },
          {
            title: t('common.action'), valueType: 'option', fixed: 'right', width: 160,
            render: (_, r) => (
              <Space size={0} className="row-actions">
                <Button type="link" size="small" onClick={() => window.open(`#/page/workflow/process/detail/${encodeProcessParams({ processInsId: r.processInstanceId })}`, '_blank')} className="ma-ops-detail">
                  {t('miniApp.design.ops.detail')}
                </Button>
                <Button type="link" size="small" onClick={() => setChart({ processInstanceId: r.processInstanceId })}>{t('miniApp.design.ops.chart')}</Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
