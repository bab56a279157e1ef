import { DictScreen } from './DictScreen';

export default function DictBizPage() {
  return <DictScreen kind="dict-biz" layout="side" />;
}
