// /workflow/design/process/{id} (000 §2.2): the designer of one model. Save stores the diagram,
// the model's start form and its settings (comment display); deploy saves, then deploys a new
// version; the settings dialog holds submit checks, after-submit behaviour and the start scope.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Modal, Spin, Tag, Typography, message } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ProcessDesigner } from '../../../components/workflow/designer/ProcessDesigner';
import { newDiagram } from '../../../components/workflow/designer/bpmn';
import { buttonApi, formApi, modelApi, settingsOf, type ButtonRow, type FormRow, type Model, type ModelSettings } from './api';
import { ModelSettingsDialog } from './settings';

/** id / onBack: when another screen embeds the designer (the micro-app shell's design/process?id=); by default the route's last segment and the model list. */
export default function DesignProcessPage({ id: givenId, onBack }: { id?: string; onBack?: () => void } = {}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const id = givenId ?? location.pathname.split('/').filter(Boolean).pop() ?? '';
  const back = onBack ?? (() => navigate('/workflow/design/model'));
  const [model, setModel] = useState<Model | null | undefined>(undefined);
  const [settings, setSettings] = useState<ModelSettings>({});
  const [settingsDirty, setSettingsDirty] = useState(false);
  const [formKey, setFormKey] = useState<string | null>(null);
  const [forms, setForms] = useState<FormRow[]>([]);
  const [buttons, setButtons] = useState<ButtonRow[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    let live = true;
    void modelApi.detail(id).then(
      (m) => {
        if (!live) return;
        setModel(m);
        setSettings(settingsOf(m));
        setFormKey(m?.formKey ?? null);
      },
      () => live && setModel(null),
    );
    void formApi.list().then((p) => live && setForms(p.records ?? []), () => undefined);
    void buttonApi.list().then((p) => live && setButtons(p.records ?? []), () => undefined);
    return () => {
      live = false;
    };
  }, [id]);

  const xml = useMemo(() => (model ? model.xml || newDiagram(model.modelKey, model.name) : ''), [model]);

  const saveModel = async (diagram: string | undefined, s: ModelSettings = settings) => {
    const body = {
      id: model!.id,
      modelKey: model!.modelKey,
      name: model!.name,
      categoryId: model!.categoryId ?? undefined,
      icon: model!.icon ?? undefined,
      description: model!.description ?? undefined,
      formKey,
      settings: s,
      ...(diagram !== undefined ? { xml: diagram } : {}),
    };
    const saved = (await modelApi.submit(body)) as Model;
    setModel((m) => (m ? { ...m, ...saved, settings: s } : m));
    setSettingsDirty(false);
  };

  if (model === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (model === null) {
    return <Alert type="error" showIcon message={t('wfd.model.missing')} action={<Button onClick={back}>{t('wfd.model.backToList')}</Button>} />;
  }

  return (
    <>
      <ProcessDesigner
        xml={xml}
        modelKey={model.modelKey}
        settings={settings}
        settingsDirty={settingsDirty}
        onSettingsChange={(s) => {
          setSettings(s);
          setSettingsDirty(true);
        }}
        onStartForm={(k) => {
          setFormKey(k);
          setSettingsDirty(true);
        }}
        forms={forms}
        buttons={buttons.map((b) => ({ key: b.buttonKey, name: b.name, display: b.display, sort: b.sort }))}
        onSave={async (diagram) => {
          await saveModel(diagram);
          message.success(t('wfd.designer.saved'));
        }}
        onDeploy={(diagram) =>
          new Promise<boolean>((resolve, reject) => {
            Modal.confirm({
              title: t('common.tip'),
              content: t('wfd.model.deployConfirm', { name: model.name }),
              onOk: async () => {
                try {
                  await saveModel(diagram);
                  const r = await modelApi.deploy(model.id);
                  setModel((m) => (m ? { ...m, version: r.data.version } : m));
                  message.success(t('wfd.model.deployed', { version: r.data.version }));
                  resolve(true);
                } catch (e) {
                  reject(e as Error);
                }
              },
              onCancel: () => resolve(false),
            });
          })
        }
        onOpenSettings={() => setSettingsOpen(true)}
        title={
          <>
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('wfd.model.backToList')} />
            <Typography.Text strong ellipsis style={{ maxWidth: 260 }}>
              {model.name}
            </Typography.Text>
            <Tag>{model.modelKey}</Tag>
            <Tag color={model.version ? 'blue' : 'default'} className="wf-model-version">
              {model.version ? `v${model.version}` : t('wfd.model.notDeployed')}
            </Tag>
            {model.version > 0 && (
              <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => navigate(`/workflow/design/model/history/${model.id}`)}>
                {t('wfd.action.history')}
              </Button>
            )}
          </>
        }
      />
      <ModelSettingsDialog
        open={settingsOpen}
        model={model}
        formKey={formKey}
        settings={settings}
        onClose={() => setSettingsOpen(false)}
        onSave={async (s) => {
          setSettings(s);
          await saveModel(undefined, s);
        }}
      />
    </>
  );
}
