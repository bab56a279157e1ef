// Form designer page (/workflow/design/form/design/{id}): the designer over one stored form, with
// JSON view/import/export, clear, the way to its history, and save (every changed save is a new
// version on the server; Ctrl+S saves too).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Empty, Modal, Skeleton, Space, Tag, Tooltip, Typography, message } from 'antd';
import { ClearOutlined, CodeOutlined, DownloadOutlined, HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormDesigner } from '../../../components/form-designer/FormDesigner';
import { JsonDialog, downloadJson } from '../../../components/form-designer/JsonDialog';
import { fromDesign, toDesign, type DesignOption } from '../../../components/form-designer/palette';
import { checkDesign, type DesignProblem, type FormOption } from '../../../components/workflow/form-schema';
import { formApi, optionOf, type WfForm } from './api';

const lastSegment = (path: string) => decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');

export function problemText(p: DesignProblem, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t(`fd.problem.${p.kind}`, p);
}

export default function FormDesignPage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const id = lastSegment(location.pathname);
  const [form, setForm] = useState<WfForm | null>(null);
  const [failed, setFailed] = useState(false);
  const [design, setDesign] = useState<DesignOption>({ column: [] });
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);
  const [json, setJson] = useState(false);

  useEffect(() => {
    setFailed(false);
    formApi.detail(id).then(
      (f) => {
        if (!f) return setFailed(true);
        setForm(f);
        const d = toDesign(optionOf(f.content));
        setDesign(d);
        setSaved(JSON.stringify(fromDesign(d)));
      },
      () => setFailed(true),
    );
  }, [id]);

  const option = useMemo(() => fromDesign(design), [design]);
  const dirty = !!form && JSON.stringify(option) !== saved;

  const save = useCallback(async () => {
    if (!form || saving) return;
    const problems = checkDesign(design as unknown as FormOption);
    if (problems.length) {
      message.error([...new Set(problems.map((p) => problemText(p, t)))].join(' | '));
      return;
    }
    setSaving(true);
    try {
      const before = form.version ?? 1;
      const r = await formApi.submit({ id: form.id, formKey: form.formKey, name: form.name, categoryId: form.categoryId ?? undefined, remark: form.remark ?? undefined, content: JSON.stringify(option) });
      const next = (r as WfForm | undefined) ?? form;
      setForm({ ...form, ...next });
      setSaved(JSON.stringify(option));
      const version = next.version ?? before;
      message.success(version > before ? t('fd.saved', { version }) : t('fd.savedSame', { version }));
    } catch {
      /* the request layer showed the server's refusal */
    } finally {
      setSaving(false);
    }
  }, [form, saving, design, option, t]);

  // Ctrl+S / Cmd+S saves
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (failed) {
    return (
      <Card>
        <Empty description={t('fd.notFound')}>
          <Button onClick={() => nav('/workflow/design/form')}>{t('fd.backToList')}</Button>
        </Empty>
      </Card>
    );
  }
  if (!form) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  return (
    <div className="fd-page" data-testid="fd-page">
      <div className="fd-toolbar">
        <div className="fd-toolbar-title">
          <Typography.Title level={4} className="fd-form-name">
            {form.name}
          </Typography.Title>
          <Typography.Text code>{form.formKey}</Typography.Text>
          <Tag color="blue" className="fd-version">
            v{form.version ?? 1}
          </Tag>
          {dirty && (
            <Tag color="orange" className="fd-dirty">
              {t('fd.unsaved')}
            </Tag>
          )}
        </div>
        <Space wrap>
          <Button icon={<CodeOutlined />} onClick={() => setJson(true)} className="fd-open-json">
            {t('fd.json.button')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadJson(form.formKey, option)}>
            {t('fd.json.export')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            danger
            disabled={!design.column.length}
            onClick={() =>
              Modal.confirm({
                title: t('common.tip'),
                content: t('fd.clearConfirm'),
                okButtonProps: { danger: true },
                onOk: () => setDesign({ ...design, column: [] }),
              })
            }
          >
            {t('fd.clear')}
          </Button>
          <Button icon={<HistoryOutlined />} onClick={() => nav(`/workflow/design/form/history/${form.id}`)} className="fd-open-history">
            {t('fd.list.history')}
          </Button>
          <Tooltip title="Ctrl+S">
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} className="fd-save">
              {t('common.save')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      <FormDesigner design={design} onChange={setDesign} />
      <JsonDialog open={json} option={option} name={form.formKey} onClose={() => setJson(false)} onApply={(o) => setDesign(toDesign(o))} />
    </div>
  );
}
