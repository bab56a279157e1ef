// Start page /workflow/process/start/{p} (and /page/..., the portal's /portal/process/{p}, and the
// external-form route /workflow/process/external/{name}/start?p=): the pre-read dialog when the
// model has one (已 阅 enabled after readTime seconds), the designed form, the approver chooser
// when the model requires one (指定审核人不能为空), copy recipients, 发起人自选审批人 (customUserTask:
// people per node the designer marked, each required) and 自选知会人 (customUserMsg: people told when
// the process reaches a node, optional), 保存草稿 into 草稿箱 and back, one submit at a time; then 温馨提示 发起成功, the submit-after jump, and the tab / window closes
// onto the sent list (spec 000 §2.5, §2.7, §4, §5).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Modal, Skeleton, Space, Typography, message } from 'antd';
import { FileTextOutlined, PaperClipOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FormRenderer, defaultsOf, validateForm } from '../../components/workflow/FormRenderer';
import { NO_PEOPLE, StartPeople, filledChoices, missingPeople, startPeopleBody, type Choices, type StartNodes } from '../../components/workflow/StartPeople';
import { afterSuccess } from '../../components/workflow/finish';
import { sanitize } from '../../components/workflow/form-fields';
import { openModeOf, paramsOf } from '../../components/workflow/params';
import { FlowChartDialog } from '../../components/workflow/FlowChartDialog';
import { wfApi, type PreRead, type StartForm } from './api';

/** The start form with the nodes the server lists for 发起人自选 and 自选知会人. */
type StartData = StartForm & StartNodes;
import '../../components/workflow/workflow.css';

type Values = Record<string, unknown>;
/** Keys a draft keeps beside the form values. */
const DRAFT_ASSIGNEE = '__assignee';
const DRAFT_COPY = '__copyUser';
const DRAFT_TASK = '__customUserTask';
const DRAFT_MSG = '__customUserMsg';
const choicesOf = (v: unknown): Choices => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' && x)) : {});

/** The pre-read dialog: its closing button counts readTime seconds down before it can be pressed. */
function PreReadDialog({ preRead, onRead }: { preRead: PreRead | null; onRead: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(preRead?.readTime ?? 0);
  useEffect(() => {
    if (!preRead) return;
    setLeft(preRead.readTime);
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [preRead]);
  const text = preRead?.buttonText || t('wf.preRead.ok');
  return (
    <Modal
      open={!!preRead}
      title={preRead?.title || t('wf.preRead.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={720}
      className="wf-preread"
      footer={
        <Button type="primary" disabled={left > 0} onClick={onRead} className="wf-preread-ok">
          {left > 0 ? `${text} (${left}s)` : text}
        </Button>
      }
    >
      {/* the designer writes rich text (HTML); older settings hold plain text */}
      {preRead && /^\s*</.test(preRead.content) ? (
        <div className="wf-preread-body fr-richtext-view" dangerouslySetInnerHTML={{ __html: sanitize(preRead.content) }} />
      ) : (
        <div className="wf-preread-body">{preRead?.content}</div>
      )}
      {!!preRead?.files.length && (
        <div className="wf-preread-files">
          <Typography.Text type="secondary">{t('wf.preRead.files')}</Typography.Text>
          {preRead.files.map((f) => (
            <div key={f.url}>
              <a href={f.url} target="_blank" rel="noreferrer">
                <PaperClipOutlined /> {f.name}
              </a>
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}

export default function StartPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const mode = openModeOf(location.pathname, location.search);
  const params = paramsOf(location.pathname, '/workflow/process/start/', location.search);
  const [data, setData] = useState<StartData | null>(null);
  const [failed, setFailed] = useState(false);
  const [people, setPeople] = useState(NO_PEOPLE);
  /** after a submit with approvers missing, their fields show the error */
  const [checked, setChecked] = useState(false);
  const [draftId, setDraftId] = useState<string | undefined>(params?.draftId);
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const [chart, setChart] = useState<{ processDefinitionId: string } | null>(null);
  const [preRead, setPreRead] = useState<PreRead | null>(null);
  const running = useRef(false);
  const [form] = Form.useForm();

  useEffect(() => {
    if (!params?.processId && !params?.processDefKey) {
      setFailed(true);
      return;
    }
    const load = params.processId ? wfApi.formByProcessId(params.processId) : wfApi.formByProcessDefKey(params.processDefKey!);
    const draft = params.draftId ? wfApi.draft.detail(params.draftId).catch(() => null) : Promise.resolve(null);
    Promise.all([load, draft]).then(
      ([d, saved]) => {
        let values: Values = {};
        if (saved?.variables) {
          try {
            values = JSON.parse(saved.variables) as Values;
          } catch {
            values = {};
          }
        }
        const { [DRAFT_ASSIGNEE]: a, [DRAFT_COPY]: c, [DRAFT_TASK]: ct, [DRAFT_MSG]: cm, ...rest } = values;
        setPeople({ assignee: typeof a === 'string' && a ? a : undefined, copyUser: typeof c === 'string' && c ? c : undefined, chosen: choicesOf(ct), notify: choicesOf(cm) });
        setChecked(false);
        setDraftId(saved ? String(saved.id) : undefined);
        setData(d);
        setPreRead(d.preRead);
        form.setFieldsValue({ ...defaultsOf(d.form?.option), ...rest });
      },
      () => setFailed(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  const saveDraft = async () => {
    if (!data || running.current) return;
    running.current = true;
    setBusy('draft');
    try {
      const values = form.getFieldsValue(true) as Values;
      const saved = (await wfApi.draft.submit({
        id: draftId,
        processDefId: data.process.processId,
        processDefKey: data.process.processDefKey,
        title: data.process.processDefinitionName || data.process.processDefKey,
        formKey: data.formKey,
        variables: JSON.stringify({ ...values, [DRAFT_ASSIGNEE]: people.assignee ?? '', [DRAFT_COPY]: people.copyUser ?? '', [DRAFT_TASK]: filledChoices(people.chosen), [DRAFT_MSG]: filledChoices(people.notify) }),
      })) as { id?: string } | null;
      if (saved?.id) setDraftId(String(saved.id));
      message.success(t('wf.draft.saved'));
    } catch {
      /* the request layer showed the message */
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const submit = async () => {
    if (!data || running.current) return; // one start at a time
    running.current = true;
    setBusy('submit');
    try {
      let values: Values;
      try {
        values = await validateForm(form, data.form?.option, () => true);
      } catch (e) {
        message.error((e as Error).message);
        return;
      }
      const missing = missingPeople(data, people, t);
      if (missing) {
        setChecked(true);
        message.error(missing);
        return;
      }
      const body: Values = { ...values, processId: data.process.processId, processDefKey: data.process.processDefKey, ...startPeopleBody(data, people) };
      if (draftId) body.draftId = draftId; // the server removes the draft once started
      if (params?.serviceId) body.serviceId = params.serviceId; // started from a portal service: the server checks it (§4)
      const r = await wfApi.start(body);
      afterSuccess({
        text: r.msg && r.msg !== 'success' ? r.msg : t('wf.msg.started'),
        after: data.submitAfter.find((a) => a.submitType === 'start'),
        pathname: location.pathname,
        mode,
        landing: '/workflow/process/send',
      });
    } catch {
      /* start failure: the request layer showed the message; loading stops and the page stays */
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const shell = (body: ReactNode) => <div className={`wf-page${mode.bare ? ' bare' : ''}`}>{body}</div>;
  if (failed) return shell(<Card><Empty description={t('wf.msg.badParams')} /></Card>);
  if (!data) return shell(<Card><Skeleton active paragraph={{ rows: 8 }} /></Card>);
  const p = data.process;
  return (
    <div className={`wf-page wf-start${mode.bare ? ' bare' : ''}`} data-testid="wf-start">
      <Card>
        <div className="wf-page-head">
          <Space align="center">
            <Typography.Title level={4} style={{ margin: 0 }} className="wf-start-title">
              {p.processDefinitionName || p.processDefKey}
            </Typography.Title>
            {draftId && (
              <Typography.Text type="secondary" className="wf-start-draft">
                <FileTextOutlined /> {t('wf.draft.editing')}
              </Typography.Text>
            )}
          </Space>
          <Button onClick={() => setChart({ processDefinitionId: p.processDefinitionId })}>{t('wf.action.follow')}</Button>
        </div>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('wf.col.processKey')}>{p.processDefKey}</Descriptions.Item>
          <Descriptions.Item label={t('wf.col.version')}>v{p.version ?? 1}</Descriptions.Item>
          {data.form?.name && <Descriptions.Item label={t('wf.col.form')}>{data.form.name}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title={t('wf.start.form')}>
        {(data.formUrl || data.formKey?.startsWith('wf_ex_')) && !data.form && (
          <Alert type="info" showIcon message={t('wf.start.externalForm', { url: data.formUrl || data.formKey })} style={{ marginBottom: 12 }} />
        )}
        <FormRenderer option={data.form?.option} form={form} writable={() => true} />
      </Card>
      <StartPeople nodes={data} value={people} onChange={setPeople} checked={checked} />
      <div className="wf-footer-bar">
        <Space>
          <Button icon={<SaveOutlined />} loading={busy === 'draft'} disabled={busy === 'submit'} onClick={() => void saveDraft()} className="wf-save-draft">
            {t('wf.draft.save')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={busy === 'submit'} disabled={busy === 'draft'} onClick={() => void submit()} className="wf-submit">
            {t('wf.start.submit')}
          </Button>
        </Space>
      </div>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
      <PreReadDialog preRead={preRead} onRead={() => setPreRead(null)} />
    </div>
  );
}
