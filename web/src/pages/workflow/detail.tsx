// Detail page /workflow/process/detail/{p} (and /page/..., /page/... with base64 of a bare
// processInsId, the portal's /portal/process/detail/{p} and /workflow/process/external/{name}/detail?p=):
// the coloured diagram, the history timeline, the form with the task's field rights, and the
// approval panel with the server's buttons only — pass, reject, rollback to a chosen node,
// terminate and urge after a confirm, transfer / delegate / add signer through 人员选择, 减签 of the
// signers still to handle the node, 撤销/撤回, print with the model's template (打印配置异常
// without one). The owner writes 修改说明 instead of 批复意见 once the process came back or ended
// (spec 000 §2.6, §4, §5).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Descriptions, Empty, Form, Input, Modal, Radio, Row, Select, Skeleton, Space, Tag, Typography, message } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PeoplePicker } from '../../components/PeoplePicker';
import type { Person } from '../../api/message';
import { FlowViewer } from '../../components/workflow/FlowViewer';
import { FormRenderer, UserField, validateForm, writableValues } from '../../components/workflow/FormRenderer';
import { History } from '../../components/workflow/History';
import { StatusTag } from '../../components/workflow/StatusTag';
import { afterSuccess } from '../../components/workflow/finish';
import { openModeOf, paramsOf } from '../../components/workflow/params';
import { printHtml } from '../../components/workflow/print';
import { useSession } from '../../shell/store';
import { wfApi, type FormColumn, type ModelView, type ProcessDetail, type Signers } from './api';
import '../../components/workflow/workflow.css';

/** Buttons this page runs (wf_copy is the copy-recipient field of the panel). */
const KNOWN = new Set(['wf_pass', 'wf_reject', 'wf_rollback', 'wf_terminate', 'wf_urge', 'wf_transfer', 'wf_delegate', 'wf_add_instance', 'wf_delete_instance', 'wf_withdraw', 'wf_print']);
const ACTIVE = new Set(['running', 'unfinished', 'reject', 'recall']);
/** The server's default (Chinese) button names follow the language; names configured in wf_button are data. */
const DEFAULT_NAMES: Record<string, string> = {
  wf_pass: '同意', wf_reject: '驳回', wf_rollback: '退回', wf_terminate: '终止', wf_transfer: '转办', wf_delegate: '委托',
  wf_add_instance: '加签', wf_delete_instance: '减签', wf_copy: '抄送', wf_urge: '催办', wf_withdraw: '撤回', wf_print: '打印',
};
/** submitType of the submit-after config for each action (§3 "Submit-after config", §4). */
const SUBMIT_TYPE: Record<string, string> = {
  wf_pass: 'pass', wf_reject: 'reject', wf_rollback: 'reject', wf_terminate: 'terminate', wf_transfer: 'transfer', wf_delegate: 'delegate',
  wf_add_instance: 'add', wf_delete_instance: 'add', wf_withdraw_end: 'revocation', wf_withdraw_start: 'recall', withdrawTask: 'withdraw',
};
const time = (v?: string | null) => (v ? String(v).replace('T', ' ').slice(0, 19) : '-');

type Picking = { kind: 'transfer' | 'delegate' | 'add'; mode: 'radio' | 'checkbox' } | null;
type Withdraw = { type: 'wf_withdraw_end' | 'wf_withdraw_start' } | null;

export default function DetailPage() {
  const { t } = useTranslation();
  const buttonLabel = (b: { buttonKey: string; name: string }) => (DEFAULT_NAMES[b.buttonKey] === b.name ? t(`wf.button.${b.buttonKey}`) : b.name);
  const location = useLocation();
  const mode = openModeOf(location.pathname, location.search);
  const params = paramsOf(location.pathname, '/workflow/process/detail/', location.search);
  const me = useSession((s) => s.userInfo?.user_id);
  const [data, setData] = useState<ProcessDetail | null>(null);
  const [view, setView] = useState<ModelView | null>(null);
  const [failed, setFailed] = useState(false);
  const [comment, setComment] = useState('');
  const [copyUser, setCopyUser] = useState<string | undefined>();
  const [nextAssignee, setNextAssignee] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [picking, setPicking] = useState<Picking>(null);
  const [rollback, setRollback] = useState<{ nodes: { nodeId: string; nodeName: string }[]; nodeId?: string } | null>(null);
  const [withdraw, setWithdraw] = useState<Withdraw>(null);
  const [removing, setRemoving] = useState<(Signers & { chosen: string[] }) | null>(null);
  const [explain, setExplain] = useState<string | null>(null);
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
  }, [location.pathname, location.search]);
  useEffect(load, [load]);

  const p = data?.process;
  // 撤销/撤回 of a running process is the owner's (revokeSubmission); an assignee takes back a finished task from 已办
  const buttons = useMemo(() => (data?.button ?? []).filter((b) => b.display && KNOWN.has(b.buttonKey) && (b.buttonKey !== 'wf_withdraw' || data?.process.isOwner)), [data]);
  const canHandle = !!data?.button.length && !!p?.taskId;
  const offersCopy = !!data?.button.some((b) => b.buttonKey === 'wf_copy' && b.display);
  const rights = data?.form.fieldRights ?? {};
  const writable = useCallback(
    (c: FormColumn) => canHandle && (Object.keys(rights).length ? c.writable === true || rights[c.prop]?.writable === true : !!p?.isOwner),
    [canHandle, rights, p?.isOwner],
  );

  const shell = (body: ReactNode) => <div className={`wf-page${mode.bare ? ' bare' : ''}`}>{body}</div>;
  if (failed) return shell(<Card><Empty description={t('wf.msg.badParams')} /></Card>);
  if (!data || !p) return shell(<Card><Skeleton active paragraph={{ rows: 10 }} /></Card>);

  const running = ACTIVE.has(p.processIsFinished);
  /** §4: for the owner's re-explanation, recall and reject count as a finished process. */
  const ownerAfterFinish = p.isOwner && !(p.processIsFinished === 'running' || p.processIsFinished === 'unfinished');
  const commentMissing = () => {
    if (p.hideComment || comment.trim()) return false;
    message.error(t(ownerAfterFinish ? 'wf.msg.explainRequired' : 'wf.msg.commentRequired'));
    return true;
  };
  const base = () => ({
    taskId: p.taskId,
    processInstanceId: p.processInstanceId,
    processDefinitionName: p.processDefinitionName,
    processDefinitionId: p.processDefinitionId,
    comment: comment.trim() || undefined,
  });
  const run = async (key: string, call: () => Promise<{ msg?: string }>, fallback: string, landing = '/workflow/process/todo') => {
    if (busy) return;
    setBusy(key);
    try {
      const r = await call();
      afterSuccess({
        text: r.msg && r.msg !== 'success' ? r.msg : t(fallback),
        after: (p.submitAfter ?? []).find((a) => a.submitType === SUBMIT_TYPE[key]),
        pathname: location.pathname,
        mode,
        landing,
      });
    } catch {
      /* the request layer showed the server's message */
    } finally {
      setBusy(null);
    }
  };

  const print = async () => {
    if (!data.form.formKey) {
      message.error(t('wf.msg.printConfig'));
      return;
    }
    setBusy('wf_print');
    try {
      const r = await wfApi.print(p.processInstanceId);
      await printHtml(r.templateName || r.processDefinitionName, r.html);
    } catch {
      /* 打印配置异常 comes from the server */
    } finally {
      setBusy(null);
    }
  };

  const onButton = async (key: string) => {
    switch (key) {
      case 'wf_pass': {
        // the owner handling a process that came back explains the change
        if (ownerAfterFinish && commentMissing()) return;
        let values: Record<string, unknown>;
        try {
          values = await validateForm(form, data.form.option, writable);
        } catch (e) {
          message.error((e as Error).message);
          return;
        }
        await run(key, () =>
          wfApi.action('completeTask', {
            ...base(),
            pass: true,
            copyUser,
            assignee: nextAssignee,
            variables: writableValues(data.form.option, values, writable),
            commentType: ownerAfterFinish ? 'explainComment' : 'comment',
          }), 'wf.msg.passed');
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
      case 'wf_delete_instance': {
        const s = await wfApi.signers(p.taskId!).catch(() => null);
        if (!s) return;
        if (!s.multiInstance) {
          message.warning(t('wf.msg.notMultiInstance'));
          return;
        }
        setRemoving({ ...s, chosen: [] });
        return;
      }
      case 'wf_withdraw':
        setWithdraw({ type: 'wf_withdraw_start' });
        return;
      case 'wf_print':
        await print();
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

  const doRemoveSigners = () => {
    if (!removing?.chosen.length) {
      message.warning(t('common.selectAtLeastOne'));
      return;
    }
    const ids = removing.chosen;
    setRemoving(null);
    void run('wf_delete_instance', () => wfApi.action('deleteMultiInstance', { ...base(), assignee: ids.join(',') }), 'wf.msg.signerRemoved');
  };

  /** The task this user completed that the page was opened for (已办): the assignee may take it back. */
  const myDoneTask = params?.taskId && !canHandle ? data.flow.find((f) => f.taskId === params.taskId && f.endTime && f.assignee === me) : undefined;

  const doWithdraw = () => {
    if (!withdraw) return;
    const { type } = withdraw;
    setWithdraw(null);
    void run(type, () => wfApi.action('revokeSubmission', { processInstanceId: p.processInstanceId, withdrawType: type, comment: comment.trim() || undefined }), type === 'wf_withdraw_end' ? 'wf.msg.withdrawn' : 'wf.msg.recalled', '/workflow/process/send');
  };
  const withdrawMine = () =>
    Modal.confirm({
      title: t('wf.tip'),
      content: t('wf.confirm.withdrawTask'),
      className: 'wf-confirm-withdraw-task',
      onOk: () => run('withdrawTask', () => wfApi.action('withdrawTask', { taskId: myDoneTask!.taskId, withdrawType: 'wf_withdraw_start' }), 'wf.msg.recalled', '/workflow/process/done'),
    });

  const submitExplain = async () => {
    const text = (explain ?? '').trim();
    if (!text) {
      message.error(t('wf.msg.explainRequired'));
      return;
    }
    const last = [...data.flow].reverse().find((f) => f.taskId);
    if (!last?.taskId) return;
    setBusy('explain');
    try {
      await wfApi.action('processCommentUpForm', { taskId: last.taskId, commentProp: '', comment: text });
      message.success(t('wf.msg.explained'));
      setExplain(null);
      load();
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(null);
    }
  };

  const ownerActions = p.isOwner && running;
  const current = (p.currentNodes ?? []).map((n) => n.taskName).filter(Boolean).join(', ');

  return (
    <div className={`wf-page wf-detail${mode.bare ? ' bare' : ''}`} data-testid="wf-detail">
      <Card>
        <div className="wf-page-head">
          <Space align="center">
            <Typography.Title level={4} style={{ margin: 0 }} className="wf-detail-title">
              {p.processDefinitionName || p.processDefKey}
            </Typography.Title>
            <StatusTag status={p.processIsFinished} />
          </Space>
          <Space>
            {ownerActions && (
              <>
                <Button onClick={urge} className="wf-owner-urge">
                  {t('wf.action.urge')}
                </Button>
                <Button onClick={() => setWithdraw({ type: 'wf_withdraw_start' })} className="wf-owner-withdraw">
                  {t('wf.action.withdraw')}
                </Button>
              </>
            )}
            {myDoneTask && running && (
              <Button onClick={withdrawMine} className="wf-task-withdraw">
                {t('wf.action.withdrawTask')}
              </Button>
            )}
            {ownerAfterFinish && !canHandle && explain === null && (
              <Button onClick={() => setExplain('')} className="wf-owner-explain">
                {t('wf.action.explain')}
              </Button>
            )}
          </Space>
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
              <Card title={t(ownerAfterFinish ? 'wf.detail.resubmit' : 'wf.detail.approval', { node: p.taskName ?? '' })} className="wf-approval">
                {!p.hideComment && (
                  <Input.TextArea
                    id="wf-comment"
                    rows={4}
                    maxLength={2000}
                    showCount
                    value={comment}
                    placeholder={t(ownerAfterFinish ? 'wf.msg.explainRequired' : 'wf.detail.commentPlaceholder')}
                    onChange={(e) => setComment(e.target.value)}
                  />
                )}
                <Row gutter={16} className="wf-approval-people">
                  <Col xs={24} md={12}>
                    <div className="wf-approval-label">{t('wf.detail.nextAssignee')}</div>
                    <UserField value={nextAssignee} onChange={setNextAssignee} multiple={false} placeholder={t('wf.start.chooseAssignee')} className="wf-next-assignee" />
                  </Col>
                  {offersCopy && (
                    <Col xs={24} md={12}>
                      <div className="wf-approval-label">{t('wf.start.copyUser')}</div>
                      <UserField value={copyUser} onChange={setCopyUser} placeholder={t('wf.start.chooseCopy')} className="wf-copy-user" />
                    </Col>
                  )}
                </Row>
                <div className="wf-approval-buttons">
                  {buttons.map((b) => (
                    <Button
                      key={b.buttonKey}
                      type={b.buttonKey === 'wf_pass' ? 'primary' : 'default'}
                      danger={b.buttonKey === 'wf_reject' || b.buttonKey === 'wf_terminate'}
                      icon={b.buttonKey === 'wf_print' ? <PrinterOutlined /> : undefined}
                      loading={busy === b.buttonKey}
                      disabled={!!busy && busy !== b.buttonKey}
                      data-key={b.buttonKey}
                      className={`wf-btn-${b.buttonKey}`}
                      onClick={() => void onButton(b.buttonKey)}
                    >
                      {ownerAfterFinish && b.buttonKey === 'wf_pass' ? t('wf.action.resubmit') : buttonLabel(b)}
                    </Button>
                  ))}
                </div>
              </Card>
            )}
            {explain !== null && (
              <Card title={t('wf.action.explain')} className="wf-explain">
                <Input.TextArea id="wf-explain" rows={3} maxLength={2000} showCount value={explain} placeholder={t('wf.msg.explainRequired')} onChange={(e) => setExplain(e.target.value)} />
                <Space style={{ marginTop: 12 }}>
                  <Button type="primary" loading={busy === 'explain'} onClick={() => void submitExplain()} className="wf-explain-submit">
                    {t('common.submit')}
                  </Button>
                  <Button onClick={() => setExplain(null)}>{t('common.cancel')}</Button>
                </Space>
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
              className="wf-rollback-node"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!removing} title={t('wf.button.wf_delete_instance')} onCancel={() => setRemoving(null)} onOk={doRemoveSigners} className="wf-remove-signers">
        <Typography.Paragraph type="secondary">{t('wf.detail.removeSignersHelp')}</Typography.Paragraph>
        {removing && !removing.signers.length ? (
          <Empty description={t('wf.detail.noSigners')} />
        ) : (
          <Checkbox.Group value={removing?.chosen} onChange={(v) => setRemoving((r) => (r ? { ...r, chosen: v.map(String) } : r))}>
            <Space direction="vertical">
              {(removing?.signers ?? []).map((s) => (
                <Checkbox key={s.userId} value={s.userId}>
                  {s.name} <Tag color={s.state === 'active' ? 'processing' : 'default'}>{t(`wf.detail.signer.${s.state}`)}</Tag>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        )}
      </Modal>
      <Modal open={!!withdraw} title={t('wf.action.withdraw')} onCancel={() => setWithdraw(null)} onOk={doWithdraw} className="wf-withdraw-dialog">
        <Radio.Group value={withdraw?.type} onChange={(e) => setWithdraw((w) => (w ? { ...w, type: e.target.value } : w))}>
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
