import { DictScreen } from './DictScreen';

export default function DictPage() {
  return <DictScreen kind="dict" layout="side" />;
}
