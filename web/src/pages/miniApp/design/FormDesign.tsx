// Step 2 of app design: the app's form in the platform's form designer (one form schema for the data
// screen, the server's validator and processes). A new form starts from the model's fields with each
// child model as a sub-table; fields added to the model later can be added in one click; a form that
// names fields the model does not have is warned about before it is saved into appInfo.formOption.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Modal, Skeleton, Space, Tag, Typography, message } from 'antd';
import { CodeOutlined, PlusSquareOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkDesign } from '@campus/schema';
import { FormDesigner } from '../../../components/form-designer/FormDesigner';
import { JsonDialog } from '../../../components/form-designer/JsonDialog';
import { fromDesign, toDesign, type DesignOption } from '../../../components/form-designer/palette';
import type { AppInfo } from '../api';
import { appUpdate, itemApi } from './api';
import { addMissing, fieldsNotInModel, formOf, modelFieldsMissing, seedColumns } from './form-check';

export { formOf } from './form-check';

export function FormDesign({ app, onSaved, onDirty }: { app: AppInfo; onSaved: () => void; onDirty?: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const modelId = app.modelId ? String(app.modelId) : '';
  const model = useQuery({ queryKey: ['miniApp', 'modelColumns', modelId, i18n.language], queryFn: () => itemApi.columnsWithChildren(modelId), enabled: !!modelId });
  const [design, setDesign] = useState<DesignOption | null>(null);
  const [saved, setSaved] = useState('');
  const [saving, setSaving] = useState(false);
  const [json, setJson] = useState(false);
  const stored = useMemo(() => formOf(app), [app]);

  useEffect(() => {
    if (!model.data) return;
    const start = stored ?? { column: seedColumns(model.data) };
    setDesign(toDesign(start));
    setSaved(stored ? JSON.stringify(fromDesign(toDesign(stored))) : '');
    // the designer starts over only when the app's stored form or the model changes
  }, [model.data, stored]);

  const option = useMemo(() => (design ? fromDesign(design) : null), [design]);
  const dirty = !!option && JSON.stringify(option) !== saved;
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const foreign = useMemo(() => (option && model.data ? fieldsNotInModel(option, model.data) : []), [option, model.data]);
  const missing = useMemo(() => (option && model.data ? modelFieldsMissing(option, model.data) : []), [option, model.data]);

  if (!modelId) return <Empty description={t('miniApp.design.form.modelFirst')} />;
  if (model.isLoading || !design || !option) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (!model.data?.column.length) return <Empty description={t('miniApp.design.form.fieldsFirst')} />;

  const write = async () => {
    setSaving(true);
    try {
      await appUpdate(app, { formOption: JSON.stringify(option) });
      setSaved(JSON.stringify(option));
      message.success(t('miniApp.design.form.saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const save = () => {
    const problems = checkDesign(option, { optionSources: true });
    if (problems.length) {
      message.error([...new Set(problems.map((p) => t(`fd.problem.${p.kind}`, p)))].join(' | '));
      return;
    }
    if (foreign.length) {
      Modal.confirm({
        title: t('common.tip'),
        content: t('miniApp.design.form.foreignConfirm', { fields: foreign.join(', ') }),
        okText: t('miniApp.design.form.saveAnyway'),
        onOk: write,
      });
      return;
    }
    void write();
  };

  return (
    <div className="ma-form-design fd-page">
      <div className="fd-toolbar">
        <div className="fd-toolbar-title">
          <Typography.Title level={5} style={{ margin: 0 }}>{t('miniApp.design.form.title')}</Typography.Title>
          {!stored && <Tag color="blue">{t('miniApp.design.form.fromModel')}</Tag>}
          {dirty && <Tag color="orange" className="ma-form-dirty">{t('miniApp.design.unsaved')}</Tag>}
        </div>
        <Space wrap>
          <Button icon={<CodeOutlined />} onClick={() => setJson(true)}>{t('fd.json.button')}</Button>
          <Button icon={<PlusSquareOutlined />} disabled={!missing.length} onClick={() => setDesign(toDesign(addMissing(option, model.data!)))} className="ma-form-add-missing">
            {t('miniApp.design.form.addMissing', { n: missing.length })}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => Modal.confirm({ title: t('common.tip'), content: t('miniApp.design.form.regenerateConfirm'), onOk: () => setDesign(toDesign({ column: seedColumns(model.data!) })) })}
          >
            {t('miniApp.design.form.regenerate')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} className="ma-form-save">
            {t('miniApp.design.form.save')}
          </Button>
        </Space>
      </div>
      {foreign.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} className="ma-form-foreign" message={t('miniApp.design.form.foreign', { fields: foreign.join(', ') })} description={t('miniApp.design.form.foreignHelp')} />
      )}
      {missing.length > 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('miniApp.design.form.missing', { fields: missing.map((c) => c.label || c.prop).join('、') })} />}
      <FormDesigner design={design} onChange={setDesign} />
      <JsonDialog open={json} option={option} name={app.appName} onClose={() => setJson(false)} onApply={(o) => setDesign(toDesign(o))} />
    </div>
  );
}
