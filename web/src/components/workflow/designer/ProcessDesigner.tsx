// The process designer: a bpmn-js Modeler (imported on demand, so it never weighs on the login
// bundle or on screens that do not draw), its toolbar (save, import, export XML / SVG, deploy,
// undo / redo, zoom) and the properties panel of the selected element.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Divider, Space, Spin, Tooltip, message } from 'antd';
import {
  CloudUploadOutlined,
  CompressOutlined,
  DownloadOutlined,
  FileImageOutlined,
  FolderOpenOutlined,
  RedoOutlined,
  SaveOutlined,
  SettingOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormRow, ModelSettings } from '../../../pages/workflow/design/api';
import { download, processOf, S, type DElement, type ModelerLike } from './bpmn';
import { flowableDescriptor } from './flowableModdle';
import { PropertiesPanel } from './PropertiesPanel';
import { translateModule } from './translate';
import type { ButtonSetting } from './buttons';
import './designer.css';

export interface ProcessDesignerProps {
  xml: string;
  modelKey: string;
  settings: ModelSettings;
  onSettingsChange: (s: ModelSettings) => void;
  onStartForm: (formKey: string | null) => void;
  forms: FormRow[];
  /** The tenant's button set (流程按钮) for the per-task button choices. */
  buttons: ButtonSetting[];
  onSave: (xml: string) => Promise<void>;
  /** Answers whether it saved and deployed (false: the user cancelled). */
  onDeploy: (xml: string) => Promise<boolean>;
  onOpenSettings: () => void;
  /** Shown at the left of the toolbar (model name, back link). */
  title?: ReactNode;
  /** The settings changed outside the diagram (panel comment options): saving is due. */
  settingsDirty?: boolean;
}

/** The page's window on the live modeler (tests read the diagram's geometry through it). */
declare global {
  interface Window {
    __wfModeler?: ModelerLike;
  }
}

export function ProcessDesigner(p: ProcessDesignerProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [modeler, setModeler] = useState<ModelerLike | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<DElement | null>(null);
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'deploy' | null>(null);
  const [stack, setStack] = useState({ undo: false, redo: false });

  /** Loads a diagram; the executable process always carries the model key as its id. */
  const load = useCallback(
    async (m: ModelerLike, xml: string, fromFile: boolean) => {
      const { warnings } = await m.importXML(xml);
      const proc = processOf(m);
      if (proc && proc.bo.id !== p.modelKey) {
        if (proc.el.businessObject === proc.bo) S.modeling(m).updateProperties(proc.el, { id: p.modelKey });
        else S.modeling(m).updateModdleProperties(proc.el, proc.bo, { id: p.modelKey });
      }
      if (!fromFile) S.commands(m).clear();
      const drawn = S.registry(m).filter((e) => e.type !== 'bpmn:Process' && e.type !== 'bpmn:Collaboration' && e.type !== 'label');
      const defined = ((proc?.bo.flowElements as unknown[] | undefined) ?? []).length;
      if (defined && !drawn.length) message.warning(t('wfd.designer.noLayout'));
      else if (warnings.length) message.warning(t('wfd.designer.importWarnings', { count: warnings.length }));
      S.canvas(m).zoom('fit-viewport', 'auto');
      setSelected(null);
      setDirty(fromFile);
      setVersion((v) => v + 1);
    },
    [p.modelKey, t],
  );

  useEffect(() => {
    let live = true;
    let made: ModelerLike | null = null;
    (async () => {
      const [{ default: Modeler }] = await Promise.all([
        import('bpmn-js/lib/Modeler'),
        import('bpmn-js/dist/assets/diagram-js.css'),
        import('bpmn-js/dist/assets/bpmn-js.css'),
        import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
      ]);
      if (!live || !box.current) return;
      made = new Modeler({
        container: box.current,
        moddleExtensions: { flowable: flowableDescriptor },
        // palette, context pad, replace menu and their titles in the reader's language
        additionalModules: [translateModule(() => i18n.language)],
      }) as unknown as ModelerLike;
      const m = made;
      m.on('selection.changed', (e: { newSelection: DElement[] }) => {
        const el = e.newSelection.length === 1 ? e.newSelection[0]! : null;
        setSelected(el && el.type === 'label' ? (el.labelTarget ?? null) : el);
      });
      m.on('commandStack.changed', () => {
        const cs = S.commands(m);
        setStack({ undo: cs.canUndo(), redo: cs.canRedo() });
        setDirty(true);
        setVersion((v) => v + 1);
      });
      await load(m, p.xml, false);
      if (!live) return;
      window.__wfModeler = m;
      setModeler(m);
      setState('ready');
    })().catch((e: Error) => {
      if (!live) return;
      setError(e.message);
      setState('error');
    });
    return () => {
      live = false;
      made?.destroy();
      if (window.__wfModeler === made) delete window.__wfModeler;
    };
    // the diagram is loaded once per page; later changes come from the modeler itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // a language switch redraws what bpmn-js shows: the palette (i18n.changed), an open context
  // pad (reopened) and an open popup menu (closed: reopening it gives the new language)
  useEffect(() => {
    if (!modeler) return;
    modeler.get<{ fire(e: string): void }>('eventBus').fire('i18n.changed');
    const pad = modeler.get<{ isOpen(): boolean; open(target: unknown, force?: boolean): void; _current?: { target: unknown } }>('contextPad');
    if (pad.isOpen() && pad._current) pad.open(pad._current.target, true);
    const popup = modeler.get<{ isOpen(): boolean; close(): void }>('popupMenu');
    if (popup.isOpen()) popup.close();
  }, [modeler, i18n.language]);

  // leaving with unsaved work asks first
  useEffect(() => {
    if (!dirty && !p.settingsDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, p.settingsDirty]);

  /** The diagram as XML, after the focused panel field committed its text. */
  const currentXml = async () => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    await new Promise((r) => setTimeout(r, 0));
    const { xml } = await modeler!.saveXML({ format: true });
    return xml ?? '';
  };

  const save = async () => {
    setBusy('save');
    try {
      await p.onSave(await currentXml());
      setDirty(false);
    } finally {
      setBusy(null);
    }
  };
  const deploy = async () => {
    setBusy('deploy');
    try {
      if (await p.onDeploy(await currentXml())) setDirty(false);
    } finally {
      setBusy(null);
    }
  };
  const importFile = async (file: File) => {
    if (!/\.(bpmn20\.xml|bpmn|xml)$/i.test(file.name)) {
      message.error(t('wfd.designer.fileType'));
      return;
    }
    try {
      await load(modeler!, await file.text(), true);
      message.success(t('wfd.designer.imported'));
    } catch (e) {
      message.error(t('wfd.designer.importFailed', { reason: (e as Error).message }));
    }
  };
  const zoom = (step: number | 'fit') => {
    const canvas = S.canvas(modeler!);
    if (step === 'fit') canvas.zoom('fit-viewport', 'auto');
    else canvas.zoom(Math.min(4, Math.max(0.2, canvas.zoom() + step)));
  };
  const tool = (title: string, icon: ReactNode, onClick: () => void, extra: { disabled?: boolean; className?: string } = {}) => (
    <Tooltip title={title}>
      <Button icon={icon} onClick={onClick} disabled={extra.disabled || state !== 'ready'} className={extra.className} aria-label={title} />
    </Tooltip>
  );

  const element = modeler ? (selected ?? S.canvas(modeler).getRootElement()) : null;
  return (
    <div className="wf-designer">
      <div className="wf-designer-toolbar">
        <div className="wf-designer-title">{p.title}</div>
        <Space wrap size={6}>
          <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} disabled={state !== 'ready'} onClick={() => void save()} className="wf-save">
            {t('common.save')}
            {(dirty || p.settingsDirty) && <span className="wf-dirty-dot" aria-label={t('wfd.designer.unsaved')} />}
          </Button>
          <Button icon={<CloudUploadOutlined />} loading={busy === 'deploy'} disabled={state !== 'ready'} onClick={() => void deploy()} className="wf-deploy">
            {t('wfd.action.deploy')}
          </Button>
          <Button icon={<SettingOutlined />} onClick={p.onOpenSettings} className="wf-settings">
            {t('wfd.settings.title')}
          </Button>
          <Divider type="vertical" />
          {tool(t('wfd.designer.import'), <FolderOpenOutlined />, () => fileInput.current?.click(), { className: 'wf-import' })}
          {tool(t('wfd.designer.exportXml'), <DownloadOutlined />, () => void currentXml().then((x) => download(`${p.modelKey}.bpmn20.xml`, x, 'application/xml')), { className: 'wf-export-xml' })}
          {tool(t('wfd.designer.exportSvg'), <FileImageOutlined />, () => void modeler!.saveSVG().then(({ svg }) => download(`${p.modelKey}.svg`, svg, 'image/svg+xml')), { className: 'wf-export-svg' })}
          <Divider type="vertical" />
          {tool(t('wfd.designer.undo'), <UndoOutlined />, () => S.commands(modeler!).undo(), { disabled: !stack.undo, className: 'wf-undo' })}
          {tool(t('wfd.designer.redo'), <RedoOutlined />, () => S.commands(modeler!).redo(), { disabled: !stack.redo, className: 'wf-redo' })}
          {tool(t('wf.chart.zoomIn'), <ZoomInOutlined />, () => zoom(0.2))}
          {tool(t('wf.chart.zoomOut'), <ZoomOutOutlined />, () => zoom(-0.2))}
          {tool(t('wf.chart.fit'), <CompressOutlined />, () => zoom('fit'), { className: 'wf-fit' })}
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept=".bpmn,.xml,.bpmn20.xml"
          hidden
          className="wf-import-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void importFile(f);
          }}
        />
      </div>
      <div className="wf-designer-body">
        <div className="wf-designer-canvas" ref={box} data-state={state}>
          {state === 'loading' && (
            <div className="wf-diagram-mask">
              <Spin />
            </div>
          )}
          {state === 'error' && (
            <div className="wf-diagram-mask">
              <Alert type="error" showIcon message={t('wfd.designer.loadFailed')} description={error} />
            </div>
          )}
        </div>
        <aside className="wf-designer-panel">
          {modeler && element ? (
            <PropertiesPanel
              key={element.id}
              modeler={modeler}
              element={element}
              version={version}
              forms={p.forms}
              buttons={p.buttons}
              settings={p.settings}
              onSettingsChange={p.onSettingsChange}
              onStartForm={p.onStartForm}
            />
          ) : (
            <Spin />
          )}
        </aside>
      </div>
    </div>
  );
}
