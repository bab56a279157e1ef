// Start page /workflow/process/start/{p} (and /page/...): the designed form of the model, the
// approver chooser when the model requires one (指定审核人不能为空), copy recipients, one submit at
// a time; then 温馨提示 发起成功, the tab closes and the user lands on the sent list (spec 000 §2.5, §4).
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Skeleton, Space, Typography, message } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FormRenderer, UserField, defaultsOf, validateForm } from '../../components/workflow/FormRenderer';
import { closeTabAndGo, successDialog } from '../../components/workflow/finish';
import { paramsOf } from '../../components/workflow/params';
import { FlowChartDialog } from '../../components/workflow/FlowChartDialog';
import { wfApi, type StartForm } from './api';
import '../../components/workflow/workflow.css';

export default function StartPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const bare = location.pathname.startsWith('/page/');
  const params = paramsOf(location.pathname, '/workflow/process/start/');
  const [data, setData] = useState<StartForm | null>(null);
  const [failed, setFailed] = useState(false);
  const [assignee, setAssignee] = useState<string | undefined>();
  const [copyUser, setCopyUser] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [chart, setChart] = useState<{ processDefinitionId: string } | null>(null);
  const running = useRef(false);
  const [form] = Form.useForm();

  useEffect(() => {
    if (!params?.processId && !params?.processDefKey) {
      setFailed(true);
      return;
    }
    const load = params.processId ? wfApi.formByProcessId(params.processId) : wfApi.formByProcessDefKey(params.processDefKey!);
    load.then(
      (d) => {
        setData(d);
        form.setFieldsValue(defaultsOf(d.form?.option));
      },
      () => setFailed(true),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const submit = async () => {
    if (!data || running.current) return; // one start at a time
    running.current = true;
    setBusy(true);
    try {
      let values: Record<string, unknown>;
      try {
        values = await validateForm(form, data.form?.option, () => true, t);
      } catch (e) {
        message.error((e as Error).message);
        return;
      }
      if (data.assigneeRequired && !assignee) {
        message.error(t('wf.msg.assigneeRequired'));
        return;
      }
      const body: Record<string, unknown> = {
        ...values,
        processId: data.process.processId,
        processDefKey: data.process.processDefKey,
      };
      if (assignee) body.assignee = assignee;
      if (copyUser) body.copyUser = copyUser;
      const r = await wfApi.start(body);
      const after = data.submitAfter.find((a) => a.submitType === 'start');
      successDialog(after?.content || r.msg || t('wf.msg.started'), () => closeTabAndGo(location.pathname, bare ? '/page/workflow/process/send' : '/workflow/process/send'));
    } catch {
      /* start failure: the request layer showed the message; loading stops and the page stays */
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  if (failed) {
    return (
      <div className={`wf-page${bare ? ' bare' : ''}`}>
        <Card>
          <Empty description={t('wf.msg.badParams')} />
        </Card>
      </div>
    );
  }
  if (!data) {
    return (
      <div className={`wf-page${bare ? ' bare' : ''}`}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  const p = data.process;
  return (
    <div className={`wf-page wf-start${bare ? ' bare' : ''}`} data-testid="wf-start">
      <Card>
        <div className="wf-page-head">
          <Typography.Title level={4} style={{ margin: 0 }} className="wf-start-title">
            {p.processDefinitionName || p.processDefKey}
          </Typography.Title>
          <Button onClick={() => setChart({ processDefinitionId: p.processDefinitionId })}>{t('wf.action.follow')}</Button>
        </div>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('wf.col.processKey')}>{p.processDefKey}</Descriptions.Item>
          <Descriptions.Item label={t('wf.col.version')}>v{p.version ?? 1}</Descriptions.Item>
          {data.form?.name && <Descriptions.Item label={t('wf.col.form')}>{data.form.name}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title={t('wf.start.form')}>
        {data.formUrl && !data.form && <Alert type="info" showIcon message={t('wf.start.externalForm', { url: data.formUrl })} style={{ marginBottom: 12 }} />}
        <FormRenderer option={data.form?.option} form={form} writable={() => true} />
      </Card>
      <Card title={t('wf.start.people')}>
        <Form layout="vertical">
          <Form.Item label={t('wf.start.assignee')} required={data.assigneeRequired} extra={data.assigneeRequired ? undefined : t('wf.start.assigneeHelp')}>
            <UserField value={assignee} onChange={setAssignee} multiple={false} placeholder={t('wf.start.chooseAssignee')} className="wf-assignee" />
          </Form.Item>
          <Form.Item label={t('wf.start.copyUser')}>
            <UserField value={copyUser} onChange={setCopyUser} placeholder={t('wf.start.chooseCopy')} className="wf-copy-user" />
          </Form.Item>
        </Form>
      </Card>
      <div className="wf-footer-bar">
        <Space>
          <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void submit()} className="wf-submit">
            {t('wf.start.submit')}
          </Button>
        </Space>
      </div>
      <FlowChartDialog target={chart} onClose={() => setChart(null)} />
    </div>
  );
}
