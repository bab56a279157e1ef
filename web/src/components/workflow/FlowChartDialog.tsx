// 流程图展示: the flow chart of an instance (or a definition) in a dialog, read-only (spec 000 §2.7).
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { wfApi, type ModelView } from '../../pages/workflow/api';
import { FlowViewer } from './FlowViewer';

export function FlowChartDialog({ target, onClose }: { target: { processInstanceId?: string; processDefinitionId?: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<ModelView | null>(null);
  useEffect(() => {
    setView(null);
    if (!target) return;
    let live = true;
    wfApi.modelView(target).then((v) => live && setView(v), () => live && setView({ xml: '', flow: [] }));
    return () => {
      live = false;
    };
  }, [target]);
  return (
    <Modal open={!!target} title={t('wf.chart.title')} width={1000} footer={null} onCancel={onClose} destroyOnHidden className="wf-chart-dialog">
      {view ? <FlowViewer xml={view.xml} flow={view.flow} height={520} /> : <div style={{ height: 520 }} className="wf-diagram" data-state="loading" />}
    </Modal>
  );
}
