// Read-only flow diagram (spec 000 §2.6 "Flow chart"): bpmn-js NavigatedViewer, loaded on demand so
// it never weighs on the login bundle. Finished nodes get the success class, nodes with no end time
// the primary class, sequence flows that were taken the warning class.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Tooltip } from 'antd';
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ModelView } from '../../pages/workflow/api';
import i18n from '../../i18n';
import { translateModule } from './designer/translate';
import './workflow.css';

type Flow = ModelView['flow'];

interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  addMarker(id: string, cls: string): void;
}
interface Registry {
  get(id: string): unknown;
  getAll(): { type: string }[];
}
interface ViewerLike {
  importXML(xml: string): Promise<unknown>;
  get<T>(name: string): T;
  destroy(): void;
}

export function FlowViewer({ xml, flow, height = 420 }: { xml?: string | null; flow?: Flow; height?: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const viewer = useRef<ViewerLike | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'empty' | 'error'>('loading');

  useEffect(() => {
    if (!xml || !box.current) {
      setState('empty');
      return;
    }
    let live = true;
    setState('loading');
    (async () => {
      const [{ default: NavigatedViewer }] = await Promise.all([
        import('bpmn-js/lib/NavigatedViewer'),
        import('bpmn-js/dist/assets/diagram-js.css'),
        import('bpmn-js/dist/assets/bpmn-js.css'),
        import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
      ]);
      if (!live || !box.current) return;
      viewer.current?.destroy();
      // drill-down titles (Open {element}) in the reader's language
      const v = new NavigatedViewer({ container: box.current, additionalModules: [translateModule(() => i18n.language)] }) as unknown as ViewerLike;
      viewer.current = v;
      await v.importXML(xml);
      if (!live) return;
      const registry = v.get<Registry>('elementRegistry');
      const shapes = registry.getAll().filter((e) => e.type !== 'bpmn:Process' && e.type !== 'bpmn:Collaboration' && e.type !== 'label');
      if (!shapes.length) {
        setState('empty');
        return;
      }
      const canvas = v.get<Canvas>('canvas');
      for (const f of flow ?? []) {
        if (!registry.get(f.historyActivityId)) continue;
        const cls = f.historyActivityType === 'sequenceFlow' ? 'wf-flow-warning' : f.endTime ? 'wf-node-success' : 'wf-node-primary';
        canvas.addMarker(f.historyActivityId, cls);
      }
      canvas.zoom('fit-viewport', 'auto');
      setState('ready');
    })().catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [xml, flow]);

  useEffect(() => () => viewer.current?.destroy(), []);

  const zoom = (step: number | 'fit') => {
    const canvas = viewer.current?.get<Canvas>('canvas');
    if (!canvas) return;
    if (step === 'fit') canvas.zoom('fit-viewport', 'auto');
    else canvas.zoom(Math.min(4, Math.max(0.2, canvas.zoom() + step)));
  };

  return (
    <div className="wf-diagram" style={{ height }} data-state={state}>
      <div ref={box} className="wf-diagram-canvas" />
      {state === 'loading' && (
        <div className="wf-diagram-mask">
          <Spin />
        </div>
      )}
      {(state === 'empty' || state === 'error') && (
        <div className="wf-diagram-mask">
          <Alert type={state === 'error' ? 'error' : 'info'} showIcon message={t(state === 'error' ? 'wf.chart.error' : 'wf.chart.empty')} />
        </div>
      )}
      {state === 'ready' && (
        <>
          <Space.Compact className="wf-diagram-tools">
            <Tooltip title={t('wf.chart.zoomIn')}>
              <Button size="small" icon={<ZoomInOutlined />} onClick={() => zoom(0.2)} />
            </Tooltip>
            <Tooltip title={t('wf.chart.zoomOut')}>
              <Button size="small" icon={<ZoomOutOutlined />} onClick={() => zoom(-0.2)} />
            </Tooltip>
            <Tooltip title={t('wf.chart.fit')}>
              <Button size="small" icon={<CompressOutlined />} onClick={() => zoom('fit')} />
            </Tooltip>
          </Space.Compact>
          <div className="wf-diagram-legend">
            <span className="wf-legend wf-legend-success">{t('wf.chart.finished')}</span>
            <span className="wf-legend wf-legend-primary">{t('wf.chart.active')}</span>
            <span className="wf-legend wf-legend-warning">{t('wf.chart.flow')}</span>
          </div>
        </>
      )}
    </div>
  );
}
