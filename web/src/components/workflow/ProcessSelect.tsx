// Process-select dialog (spec 000 §2.4 related-process picker, §2.7): the user's processes with
// name, key, serial number, category, current handler, current node, apply time and status; a
// search by name, page size 10, radio or checkbox; 详情 (wf_process_send_detail) opens the detail
// page in a new window, 流程图 (wf_process_send_follow) the 流程图展示 dialog. Confirming with
// nothing chosen warns 请选择至少一条数据. ProcessSelectField is the form control built on it
// (value: comma-joined processInstanceIds).
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag, message, type TableColumnType } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/store';
import { wfApi, type ProcessRow } from '../../pages/workflow/api';
import { FlowChartDialog } from './FlowChartDialog';
import { StatusTag } from './StatusTag';
import { detailPath } from './params';

const PAGE_SIZE = 10;
const time = (v?: string | null) => (v ? String(v).replace('T', ' ').slice(0, 19) : '-');

export interface ProcessSelectProps {
  open: boolean;
  mode?: 'radio' | 'checkbox';
  value?: ProcessRow[];
  onCancel: () => void;
  onConfirm: (rows: ProcessRow[]) => void;
}

export function ProcessSelect({ open, mode = 'checkbox', value, onCancel, onConfirm }: ProcessSelectProps) {
  const { t } = useTranslation();
  const permission = useSession((s) => s.permission);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [current, setCurrent] = useState(1);
  const [rows, setRows] = useState<ProcessRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<string, ProcessRow>>(new Map());
  const [chart, setChart] = useState<{ processInstanceId: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setChosen(new Map((value ?? []).map((r) => [r.processInstanceId, r])));
    setName('');
    setSearch('');
    setCurrent(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    wfApi.send
      .list({ current, size: PAGE_SIZE, processDefinitionName: search || undefined })
      .then((p) => {
        if (!live) return;
        setRows(p.records ?? []);
        setTotal(p.total ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, current, search]);

  const choose = (r: ProcessRow, on: boolean) =>
    setChosen((m) => {
      if (mode === 'radio') return new Map(on ? [[r.processInstanceId, r]] : []);
      const n = new Map(m);
      if (on) n.set(r.processInstanceId, r);
      else n.delete(r.processInstanceId);
      return n;
    });

  const columns: TableColumnType<ProcessRow>[] = [
    { title: t('wf.col.processName'), dataIndex: 'processDefinitionName', ellipsis: true, render: (v: string, r) => v || r.processDefKey },
    { title: t('wf.col.processKey'), dataIndex: 'processDefKey', width: 130, ellipsis: true },
    { title: t('wf.col.serial'), dataIndex: 'processInstanceId', width: 180, render: (v: string, r) => (r as { businessKey?: string }).businessKey || v },
    { title: t('wf.col.category'), dataIndex: 'category', width: 90, render: (v: string) => v || '-' },
    { title: t('wf.col.handler'), dataIndex: 'assigneeName', width: 110, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('wf.col.taskName'), dataIndex: 'taskName', width: 110, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('wf.col.applyTime'), dataIndex: 'createTime', width: 160, render: (v: string) => time(v) },
    { title: t('wf.col.status'), dataIndex: 'status', width: 90, render: (v: string, r) => <StatusTag status={v ?? r.processIsFinished} /> },
    {
      title: t('common.action'),
      key: 'action',
      width: 120,
      render: (_, r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {permission.wf_process_send_detail && (
            <Button type="link" size="small" className="wf-ps-detail" onClick={() => window.open(`${window.location.pathname}#${detailPath(r, true)}`, '_blank')}>
              {t('wf.action.detail')}
            </Button>
          )}
          {permission.wf_process_send_follow && (
            <Button type="link" size="small" className="wf-ps-follow" onClick={() => setChart({ processInstanceId: r.processInstanceId })}>
              {t('wf.action.follow')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const confirm = () => {
    if (!chosen.size) {
      message.warning(t('common.selectAtLeastOne'));
      return;
    }
    onConfirm([...chosen.values()]);
  };

  return (
    <Modal open={open} title={t('wf.processSelect.title')} width={1100} onCancel={onCancel} onOk={confirm} destroyOnHidden className="wf-process-select">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('wf.col.processName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onSearch={(v) => {
            setCurrent(1);
            setSearch(v.trim());
          }}
          style={{ width: 280 }}
        />
      </Space>
      <Table<ProcessRow>
        size="small"
        rowKey="processInstanceId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1000, y: 420 }}
        onRow={(r) => ({ onClick: () => choose(r, mode === 'radio' || !chosen.has(r.processInstanceId)) })}
        rowSelection={{
          type: mode,
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (r, on) => choose(r, on),
          onSelectAll: (on, _sel, changed) => changed.forEach((r) => choose(r, on)),
        }}
        pagination={{ current, pageSize: PAGE_SIZE, total, showSizeChanger: false, showTotal: (n) => t('people.total', { count: n }), onChange: setCurrent }}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </Modal>
  );
}

/** Form control: related processes chosen in the dialog, shown as tags (value: comma-joined instance ids). */
export function ProcessSelectField({ value, onChange, disabled, multiple = true }: { value?: string; onChange?: (v: string | undefined) => void; disabled?: boolean; multiple?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<ProcessRow[]>([]);
  const ids = String(value ?? '').split(',').filter(Boolean);
  const label = (id: string) => {
    const r = known.find((x) => x.processInstanceId === id);
    return r ? `${r.processDefinitionName || r.processDefKey} · ${id}` : id;
  };
  return (
    <div className="wf-people-tags wf-process-tags">
      {ids.map((id) => (
        <Tag key={id} color="purple" closable={!disabled} onClose={() => onChange?.(ids.filter((x) => x !== id).join(',') || undefined)}>
          {label(id)}
        </Tag>
      ))}
      {!disabled && (
        <Button size="small" icon={<NodeIndexOutlined />} onClick={() => setOpen(true)} className="wf-pick-process">
          {t('wf.processSelect.choose')}
        </Button>
      )}
      <ProcessSelect
        open={open}
        mode={multiple ? 'checkbox' : 'radio'}
        value={known.filter((r) => ids.includes(r.processInstanceId))}
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          setOpen(false);
          setKnown((k) => [...k.filter((x) => !rows.some((r) => r.processInstanceId === x.processInstanceId)), ...rows]);
          onChange?.(rows.map((r) => r.processInstanceId).join(',') || undefined);
        }}
      />
    </div>
  );
}
