// Small controls of the properties panel: text that commits on blur / Enter (one undoable command
// per edit, not per key), the people field over the shared PeoplePicker, the checked tree of roles or
// departments, and the listener table.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { CodeOutlined, DeleteOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PeoplePicker } from '../../PeoplePicker';
import type { Person } from '../../../api/message';
import { SCRIPT_FORMATS, type Listener } from './bpmn';

export function CommitInput({
  value,
  onCommit,
  textarea,
  id,
  placeholder,
  disabled,
  validate,
}: {
  value: string;
  onCommit: (v: string) => void;
  textarea?: boolean;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** An error text when the value may not be stored (shown, the old value stays). */
  validate?: (v: string) => string | null;
}) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(value);
    setError(null);
  }, [value]);
  const commit = () => {
    if (text === value) return;
    const e = validate?.(text) ?? null;
    setError(e);
    if (!e) onCommit(text);
  };
  const common = {
    id,
    value: text,
    placeholder,
    disabled,
    status: error ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: commit,
  };
  return (
    <>
      {textarea ? <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} /> : <Input {...common} onPressEnter={commit} />}
      {error && (
        <Typography.Text type="danger" className="wf-prop-error">
          {error}
        </Typography.Text>
      )}
    </>
  );
}

/** Chosen people as tags with a button opening the 人员选择 dialog. */
/** Roles or departments chosen by ticking tree nodes (each node on its own, parents do not imply children). */
export function CheckedTreeSelect({ treeData, value, onChange, className, placeholder }: {
  treeData: unknown[]; value: string[]; onChange: (ids: string[]) => void; className?: string; placeholder?: string;
}) {
  return (
    <TreeSelect
      className={className}
      multiple
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeDefaultExpandAll
      treeData={treeData as never}
      value={value.map((v) => ({ value: v }))}
      placeholder={placeholder}
      onChange={(v: { value: string }[]) => onChange(v.map((x) => x.value))}
    />
  );
}

export function PeopleField({
  ids,
  names,
  mode,
  onChange,
  className,
}: {
  ids: string[];
  names: Map<string, string>;
  mode: 'radio' | 'checkbox';
  onChange: (people: Person[]) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current: Person[] = ids.map((id) => ({ id, realName: names.get(id) ?? id, account: '', name: names.get(id) ?? id }) as Person);
  return (
    <div className={`wf-people-field ${className ?? ''}`}>
      <Space size={[4, 4]} wrap>
        {current.map((p) => (
          <Tag key={p.id} closable onClose={() => onChange(current.filter((x) => x.id !== p.id))}>
            {p.realName}
          </Tag>
        ))}
        <Button size="small" icon={<UserAddOutlined />} className="wf-people-pick" onClick={() => setOpen(true)}>
          {t('wfd.panel.choose')}
        </Button>
      </Space>
      <PeoplePicker
        open={open}
        mode={mode}
        value={current}
        onCancel={() => setOpen(false)}
        onConfirm={(people) => {
          setOpen(false);
          onChange(people);
        }}
      />
    </div>
  );
}

const EXECUTION_EVENTS = ['start', 'end', 'take'];
const TASK_EVENTS = ['create', 'assignment', 'complete', 'delete'];

/** The script of a script listener: its format (what the engine runs) and its body. */
function ScriptDialog({ listener, onCancel, onOk }: { listener: Listener | null; onCancel: () => void; onOk: (patch: { scriptFormat: string; value: string }) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ scriptFormat: string; value: string }>();
  useEffect(() => {
    if (listener) form.setFieldsValue({ scriptFormat: listener.scriptFormat || 'javascript', value: listener.value });
  }, [listener, form]);
  const unsupported = !!listener?.scriptFormat && !SCRIPT_FORMATS.includes(listener.scriptFormat.toLowerCase());
  return (
    <Modal
      open={!!listener}
      title={t('wfs.script.title')}
      width={720}
      className="wf-script-dialog"
      destroyOnHidden
      maskClosable={false}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() =>
        form.validateFields().then(onOk, () => {
          /* the form shows what is missing */
        })
      }
    >
      {unsupported && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('wfs.script.unsupported', { format: listener?.scriptFormat })} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="scriptFormat"
          label={t('wfs.script.format')}
          rules={[
            { required: true, message: t('wfs.script.formatRequired') },
            { validator: async (_r, v: string) => { if (v && !SCRIPT_FORMATS.includes(v.toLowerCase())) throw new Error(t('wfs.script.formatUnsupported')); } },
          ]}
        >
          <Select id="wf-script-format" style={{ width: 200 }} options={SCRIPT_FORMATS.map((f) => ({ value: f, label: f }))} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('wfs.script.body')}
          extra={t(listener?.kind === 'task' ? 'wfs.script.taskHelp' : 'wfs.script.executionHelp')}
          rules={[
            { required: true, whitespace: true, message: t('wfs.script.bodyRequired') },
            { max: 20000, message: t('wfs.script.bodyTooLong') },
          ]}
        >
          <Input.TextArea id="wf-script-body" rows={12} spellCheck={false} className="wf-script-body" placeholder={listener?.kind === 'task' ? "task.setAssignee(execution.getVariable('leader'));" : "execution.setVariable('approved', days <= 3);"} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Execution listeners (and task listeners on user tasks): event + expression / class / delegate expression / script. */
export function ListenerTable({ value, kinds, onChange }: { value: Listener[]; kinds: Listener['kind'][]; onChange: (v: Listener[]) => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(value);
  const [scripting, setScripting] = useState<number | null>(null);
  useEffect(() => setRows(value), [value]);
  const update = (i: number, patch: Partial<Listener>, commit = true) => {
    const next = rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
    setRows(next);
    if (commit) onChange(next.filter((r) => r.event && r.value));
  };
  return (
    <div className="wf-listeners">
      <Table<Listener & { i: number }>
        size="small"
        pagination={false}
        rowKey="i"
        // four columns are wider than the panel: the table scrolls rather than clipping the delete button
        scroll={{ x: 'max-content' }}
        dataSource={rows.map((r, i) => ({ ...r, i }))}
        locale={{ emptyText: t('wfd.panel.noListeners') }}
        columns={[
          ...(kinds.length > 1
            ? [
                {
                  title: t('wfd.panel.listenerKind'),
                  dataIndex: 'kind',
                  width: 92,
                  render: (_: unknown, r: Listener & { i: number }) => (
                    <Select
                      size="small"
                      value={r.kind}
                      style={{ width: 84 }}
                      options={kinds.map((k) => ({ value: k, label: t(`wfd.panel.listener.${k}`) }))}
                      onChange={(kind) => update(r.i, { kind, event: kind === 'task' ? 'create' : 'start' })}
                    />
                  ),
                },
              ]
            : []),
          {
            title: t('wfd.panel.event'),
            dataIndex: 'event',
            width: 100,
            render: (_: unknown, r) => (
              <Select
                size="small"
                value={r.event}
                style={{ width: 92 }}
                options={(r.kind === 'task' ? TASK_EVENTS : EXECUTION_EVENTS).map((e) => ({ value: e, label: e }))}
                onChange={(event) => update(r.i, { event })}
              />
            ),
          },
          {
            title: t('wfd.panel.expression'),
            dataIndex: 'value',
            render: (_: unknown, r) => (
              <Space.Compact style={{ width: '100%' }}>
                <Select
                  size="small"
                  value={r.implType}
                  style={{ width: 78 }}
                  popupMatchSelectWidth={false}
                  className="wf-listener-impl"
                  options={(['expression', 'class', 'delegateExpression', 'script'] as const).map((k) => ({ value: k, label: t(k === 'script' ? 'wfs.script.impl' : `wfd.panel.impl.${k}`) }))}
                  onChange={(implType) => {
                    // a script body is no expression (and back): start the new kind empty
                    const switching = (implType === 'script') !== (r.implType === 'script');
                    update(r.i, { implType, ...(switching ? { value: '', scriptFormat: implType === 'script' ? 'javascript' : undefined } : {}) }, !switching);
                    if (implType === 'script' && switching) setScripting(r.i);
                  }}
                />
                {r.implType === 'script' ? (
                  <Button
                    size="small"
                    icon={<CodeOutlined />}
                    className="wf-listener-script"
                    title={`${r.scriptFormat || 'javascript'}: ${r.value.slice(0, 200)}`}
                    onClick={() => setScripting(r.i)}
                    style={{ flex: 1, minWidth: 0, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    {r.value ? t('wfs.script.lines', { n: r.value.split('\n').length }) : t('wfs.script.edit')}
                  </Button>
                ) : (
                  <Input
                    size="small"
                    value={r.value}
                    placeholder="${bean.method(execution)}"
                    onChange={(e) => update(r.i, { value: e.target.value }, false)}
                    onBlur={() => update(r.i, {})}
                  />
                )}
              </Space.Compact>
            ),
          },
          {
            title: '',
            dataIndex: 'i',
            width: 34,
            render: (_: unknown, r) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => {
                  const next = rows.filter((_, j) => j !== r.i);
                  setRows(next);
                  onChange(next.filter((x) => x.event && x.value));
                }}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 6 }}
        onClick={() => setRows([...rows, { kind: kinds[0]!, event: kinds[0] === 'task' ? 'create' : 'start', implType: 'expression', value: '' }])}
      >
        {t('wfd.panel.addListener')}
      </Button>
      <ScriptDialog
        listener={scripting === null ? null : (rows[scripting] ?? null)}
        onCancel={() => setScripting(null)}
        onOk={(patch) => {
          if (scripting !== null) update(scripting, patch);
          setScripting(null);
        }}
      />
    </div>
  );
}
