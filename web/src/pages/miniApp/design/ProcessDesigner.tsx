// 流程设计 → 设计 (/miniApp/home/design/process?params=…&id=<process model id>): the platform's BPMN
// designer of one process model, embedded in the micro-app shell; back returns to 流程设计.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import DesignProcessPage from '../../workflow/design/process';
import { useMiniApp } from '../context';

export default function ProcessDesigner() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const { encoded } = useMiniApp();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const back = () => nav(`/miniApp/home/processDesign?params=${encoded}`);
  if (!/^\d{1,19}$/.test(id)) {
    return <Alert type="warning" showIcon message={t('miniApp.design.process.noModel')} action={<Button onClick={back}>{t('miniApp.design.process.back')}</Button>} />;
  }
  return (
    <div className="ma-process-designer">
      <DesignProcessPage key={id} id={id} onBack={back} />
    </div>
  );
}
