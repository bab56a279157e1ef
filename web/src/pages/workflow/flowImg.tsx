// /portal/process/flowImg/{params}: the flow image of a process opened from the portal, with no
// header or footer (spec 000 §2.2). params is base64 JSON {processInsId | processInstanceId} or
// {processDefinitionId | processId}, or base64 of a bare processInsId.
import { useEffect, useState } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FlowViewer } from '../../components/workflow/FlowViewer';
import { decodeParams } from '../../components/workflow/params';
import { wfApi, type ModelView } from './api';
import '../../components/workflow/workflow.css';

const MARKER = '/portal/process/flowImg/';

export default function FlowImage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [view, setView] = useState<ModelView | null>(null);
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(() => window.innerHeight);

  useEffect(() => {
    const p = decodeParams(location.pathname.slice(location.pathname.indexOf(MARKER) + MARKER.length)) as unknown as Record<string, string | undefined> | null;
    const instance = p?.processInsId ?? p?.processInstanceId;
    const definition = p?.processDefinitionId ?? p?.processId;
    if (!instance && !definition) {
      setFailed(true);
      return;
    }
    wfApi.modelView(instance ? { processInstanceId: instance } : { processDefinitionId: definition }).then(setView, () => setFailed(true));
  }, [location.pathname]);

  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <div className="wf-flow-image" data-testid="wf-flow-image">
      {failed ? (
        <Empty style={{ paddingTop: 120 }} description={t('wf.msg.badParams')} />
      ) : view ? (
        <FlowViewer xml={view.xml} flow={view.flow} height={height} />
      ) : (
        <div className="wf-diagram" style={{ height }} data-state="loading" />
      )}
    </div>
  );
}
