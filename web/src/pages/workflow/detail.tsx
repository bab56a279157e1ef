// Detail page /workflow/process/detail/{p} (and /page/..., and /page/... with base64 of a bare
// processInsId): the coloured diagram, the history timeline, the form with the task's field rights,
// and the approval panel with the server's buttons only (spec 000 §2.6, §4, §5).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Radio, Row, Select, Skeleton, Space, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PeoplePicker } from '../../components/PeoplePicker';
import type { Person } from '../../api/message';
import { FlowViewer } from '../../components/workflow/FlowViewer';
import { FormRenderer, UserField, validateForm, writableValues } from '../../components/workflow/FormRenderer';
import { History } from '../../components/workflow/History';
import { StatusTag } from '../../components/workflow/StatusTag';
import { closeTabAndGo, successDialog } from '../../components/workflow/finish';
import { paramsOf } from '../../components/workflow/params';
import { wfApi, type FormColumn, type ModelView, type ProcessDetail } from './api';
import '../../components/workflow/workflow.css';

/** Buttons this page knows how to run (wf_copy is the copy field; 减签 is an operations call). */
const KNOWN = new Set(['wf_pass', 'wf_reject', 'wf_rollback', 'wf_terminate', 'wf_urge', 'wf_transfer', 'wf_delegate', 'wf_add_instance', 'wf_withdraw', 'wf_print']);
const ACTIVE = new Set(['running', 'unfinished', 'reject', 'recall']);
/** The server's default (Chinese) button names follow the language; names configured in wf_button are data. */
const DEFAULT_NAMES: Record<string, string> = {
  wf_pass: '同意', wf_reject: '驳回', wf_rollback: '退回', wf_terminate: '终止', wf_transfer: '转办', wf_delegate: '委托',
  wf_add_instance: '加签', wf_delete_instance: '减签', wf_copy: '抄送', wf_urge: '催办', wf_withdraw: '撤回', wf_print: '打印',
};
const time = (v?: string | null) => (v ? String(v).replace('T', ' ').slice(0, 19) : '-');

type Picking = { kind: 'transfer' | 'delegate' | 'add'; mode: 'radio' | 'checkbox' } | null;

export default function DetailPage() {
  const { t } = useTranslation();
  const buttonLabel = (b: { buttonKey: string; name: string }) => (DEFAULT_NAMES[b.buttonKey] === b.name ? t(`wf.button.${b.buttonKey}`) : b.name);
  const location = useLocation();
  const bare = location.pathname.startsWith('/page/');
  const params = paramsOf(location.pathname, '/workflow/process/detail/');
  const [data, setData] = useState<ProcessDetail | null>(null);
  const [view, setView] = useState<ModelView | null>(null);
  const [failed, setFailed] = useState(false);
  const [comment, setComment] = useState('');
  const [copyUser, setCopyUser] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [picking, setPicking] = useState<Picking>(null);
  const [rollback, setRollback] = useState<{ nodes: { nodeId: string; nodeName: string }[]; nodeId?: string } | null>(null);
  const [withdraw, setWithdraw] = useState<{ type: 'wf_withdraw_end' | 'wf_withdraw_start' } | null>(null);
  const [form] = Form.useForm();

  const load = useCallback(() => {
    if (!params?.processInsId && !params?.taskId) {
      setFailed(true);
      return;
    }
    wfApi.detail({ taskId: params.taskId, processInsId: params.processInsId }).then(
      (d) => {
        setData(d);
        form.setFieldsValue(d.form?.variables ?? {});
        wfApi.modelView({ processInstanceId: d.process.processInstanceId }).then(setView, () => setView({ xml: d.process.xml, flow: [] }));
      },
      () => setFailed(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  useEffect(load, [load]);

  const p = data?.process;
  const buttons = useMemo(() => (data?.button ?? []).filter((b) => b.display && KNOWN.has(b.buttonKey)), [data]);
  const canHandle = !!data?.button.length && !!p?.taskId;
  const rights = data?.form.fieldRights ?? {};
  const writable = useCallback(
    (c: FormColumn) => canHandle && (Object.keys(rights).length ? c.writable === true || rights[c.prop]?.writable === true : !!p?.isOwner),
    [canHandle, rights, p?.isOwner],
  );

  if (failed) {
    return (
      <div className={`wf-page${bare ? ' bare' : ''}`}>
        <Card>
          <Empty description={t('wf.msg.badParams')} />
        </Card>
      </div>
    );
  }
  if (!data || !p) {
    return (
      <div className={`wf-page${bare ? ' bare' : ''}`}>
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }

  const finishedOwner = !ACTIVE.has(p.processIsFinished) && p.isOwner;
  const commentMissing = () => {
    if (p.hideComment || comment.trim()) return false;
    message.error(t(finishedOwner ? 'wf.msg.explainRequired' : 'wf.msg.commentRequired'));
    return true;
  };
  const base = () => ({ taskId: p.taskId, processInstanceId: p.processInstanceId, processDefinitionName: p.processDefinitionName, processDefinitionId: p.processDefinitionId, comment: comment.trim() || undefined });
  const done = (text: string, to = '/workflow/process/todo') => successDialog(text, () => closeTabAndGo(location.pathname, bare ? `/page${to}` : to));
  const run = async (key: string, call: () => Promise<{ msg?: string }>, fallback: string, to?: string) => {
    if (busy) return;
    setBusy(key);
    try {
      const r = await call();
      done(r.msg && r.msg !== 'success' ? r.msg : t(fallback), to);
    } catch {
      /* the request layer showed the server's message */
    } finally {
      setBusy(null);
    }
  };

  const onButton = async (key: string) => {
    switch (key) {
      case 'wf_pass': {
        let values: Record<string, unknown>;
        try {
          values = await validateForm(form, data.form.option, writable, t);
        } catch (e) {
          message.error((e as Error).message);
          return;
        }
        await run(key, () => wfApi.action('completeTask', { ...base(), pass: true, copyUser, variables: writableValues(data.form.option, values, writable), commentType: 'comment' }), 'wf.msg.passed');
        return;
      }
      case 'wf_reject':
        if (commentMissing()) return;
        await run(key, () => wfApi.action('completeTask', { ...base(), pass: false, copyUser, commentType: 'comment' }), 'wf.msg.rejected');
        return;
      case 'wf_rollback': {
        if (commentMissing()) return;
        const nodes = await wfApi.backNodes(p.taskId!).catch(() => null);
        if (!nodes) return;
        if (!nodes.length) {
          message.warning(t('wf.msg.noBackNodes'));
          return;
        }
        setRollback({ nodes, nodeId: nodes[0].nodeId });
        return;
      }
      case 'wf_terminate':
        if (commentMissing()) return;
        Modal.confirm({
          type: 'warning',
          title: t('wf.tip'),
          content: t('wf.confirm.terminate'),
          okButtonProps: { danger: true },
          className: 'wf-confirm-terminate',
          onOk: () => run(key, () => wfApi.action('terminateProcess', base()), 'wf.msg.terminated'),
        });
        return;
      case 'wf_urge':
        urge();
        return;
      case 'wf_transfer':
      case 'wf_delegate':
        if (commentMissing()) return;
        setPicking({ kind: key === 'wf_transfer' ? 'transfer' : 'delegate', mode: 'radio' });
        return;
      case 'wf_add_instance':
        setPicking({ kind: 'add', mode: 'checkbox' });
        return;
      case 'wf_withdraw':
        setWithdraw({ type: 'wf_withdraw_start' });
        return;
      case 'wf_print':
        window.print();
        return;
    }
  };

  const urge = () =>
    Modal.confirm({
      title: t('wf.tip'),
      content: t('wf.confirm.urge'),
      className: 'wf-confirm-urge',
      onOk: async () => {
        const r = await wfApi.action('urgeTask', { processInstanceId: p.processInstanceId });
        message.success(r.msg || t('wf.msg.urged'));
      },
    });

  const onPicked = (people: Person[]) => {
    const kind = picking?.kind;
    setPicking(null);
    const ids = people.map((x) => String(x.id));
    if (kind === 'transfer') void run('wf_transfer', () => wfApi.action('transferTask', { ...base(), assignee: ids[0] }), 'wf.msg.transferred');
    if (kind === 'delegate') void run('wf_delegate', () => wfApi.action('delegateTask', { ...base(), assignee: ids[0] }), 'wf.msg.delegated');
    if (kind === 'add') void run('wf_add_instance', () => wfApi.action('addMultiInstance', { ...base(), assignee: ids.join(',') }), 'wf.msg.signerAdded');
  };

  const doWithdraw = () => {
    if (!withdraw) return;
    const type = withdraw.type;
    setWithdraw(null);
    const text = type === 'wf_withdraw_end' ? 'wf.msg.withdrawn' : 'wf.msg.recalled';
    if (p.isOwner) {
      void run('wf_withdraw', () => wfApi.action('revokeSubmission', { processInstanceId: p.processInstanceId, withdrawType: type, comment: comment.trim() || undefined }), text, '/workflow/process/send');
    } else {
      void run('wf_withdraw', () => wfApi.action('withdrawTask', { taskId: p.taskId, withdrawType: type, comment: comment.trim() || undefined }), text);
    }
  };

  const running = ACTIVE.has(p.processIsFinished);
  const ownerActions = p.isOwner && running;
  const current = (p.currentNodes ?? []).map((n) => n.taskName).filter(Boolean).join(', ');

  return (
    <div className={`wf-page wf-detail${bare ? ' bare' : ''}`} data-testid="wf-detail">
      <Card>
        <div className="wf-page-head">
          <Space align="center">
            <Typography.Title level={4} style={{ margin: 0 }} className="wf-detail-title">
              {p.processDefinitionName || p.processDefKey}
            </Typography.Title>
            <StatusTag status={p.processIsFinished} />
          </Space>
          {ownerActions && (
            <Space>
              <Button onClick={urge} className="wf-owner-urge">
                {t('wf.action.urge')}
              </Button>
              <Button onClick={() => setWithdraw({ type: 'wf_withdraw_start' })} className="wf-owner-withdraw">
                {t('wf.action.withdraw')}
              </Button>
            </Space>
          )}
        </div>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('wf.col.processKey')}>{p.processDefKey}</Descriptions.Item>
          <Descriptions.Item label={t('wf.col.applyTime')}>{time(p.startTime)}</Descriptions.Item>
          <Descriptions.Item label={t('wf.col.taskName')}>{p.taskName || current || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('wf.col.endTime')}>{time(p.endTime)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={t('wf.detail.diagram')} size="small">
        {view ? <FlowViewer xml={view.xml} flow={view.flow} height={340} /> : <div className="wf-diagram" style={{ height: 340 }} data-state="loading" />}
      </Card>

      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title={data.form.name || t('wf.detail.form')}>
              <FormRenderer option={data.form.option} form={form} writable={writable} />
            </Card>
            {canHandle && (
              <Card title={t('wf.detail.approval', { node: p.taskName ?? '' })} className="wf-approval">
                {!p.hideComment && (
                  <Input.TextArea
                    id="wf-comment"
                    rows={4}
                    maxLength={2000}
                    showCount
                    value={comment}
                    placeholder={t(finishedOwner ? 'wf.msg.explainRequired' : 'wf.detail.commentPlaceholder')}
                    onChange={(e) => setComment(e.target.value)}
                  />
                )}
                <div>
                  <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                    {t('wf.start.copyUser')}
                  </Typography.Text>
                  <UserField value={copyUser} onChange={setCopyUser} placeholder={t('wf.start.chooseCopy')} className="wf-copy-user" />
                </div>
                <div className="wf-approval-buttons">
                  {buttons.map((b) => (
                    <Button
                      key={b.buttonKey}
                      type={b.buttonKey === 'wf_pass' ? 'primary' : 'default'}
                      danger={b.buttonKey === 'wf_reject' || b.buttonKey === 'wf_terminate'}
                      loading={busy === b.buttonKey}
                      disabled={!!busy && busy !== b.buttonKey}
                      data-key={b.buttonKey}
                      className={`wf-btn-${b.buttonKey}`}
                      onClick={() => void onButton(b.buttonKey)}
                    >
                      {buttonLabel(b)}
                    </Button>
                  ))}
                </div>
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t('wf.detail.history')} className="wf-history-card">
            <History flow={data.flow} process={p} />
          </Card>
        </Col>
      </Row>

      <PeoplePicker
        open={!!picking}
        mode={picking?.mode}
        title={picking ? t(`wf.picker.${picking.kind}`) : undefined}
        onCancel={() => setPicking(null)}
        onConfirm={onPicked}
      />
      <Modal
        open={!!rollback}
        title={t('wf.action.rollback')}
        onCancel={() => setRollback(null)}
        okButtonProps={{ disabled: !rollback?.nodeId }}
        className="wf-rollback-dialog"
        onOk={() => {
          const nodeId = rollback?.nodeId;
          setRollback(null);
          void run('wf_rollback', () => wfApi.action('rollbackTask', { ...base(), nodeId }), 'wf.msg.rejected');
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('wf.detail.backNode')} required>
            <Select
              value={rollback?.nodeId}
              options={(rollback?.nodes ?? []).map((n) => ({ label: n.nodeName || n.nodeId, value: n.nodeId }))}
              onChange={(v) => setRollback((r) => (r ? { ...r, nodeId: v } : r))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!withdraw} title={t('wf.action.withdraw')} onCancel={() => setWithdraw(null)} onOk={doWithdraw} className="wf-withdraw-dialog">
        <Radio.Group value={withdraw?.type} onChange={(e) => setWithdraw({ type: e.target.value })}>
          <Space direction="vertical">
            <Radio value="wf_withdraw_end">
              {t('wf.withdraw.end')} <Typography.Text type="secondary">{t('wf.withdraw.endHelp')}</Typography.Text>
            </Radio>
            <Radio value="wf_withdraw_start">
              {t('wf.withdraw.start')} <Typography.Text type="secondary">{t('wf.withdraw.startHelp')}</Typography.Text>
            </Radio>
          </Space>
        </Radio.Group>
      </Modal>
    </div>
  );
}
