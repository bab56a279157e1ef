import { DictScreen } from './DictScreen';

/** /dict-vertical/index: the system dictionary with its items below the dictionaries. */
export default function DictVerticalPage() {
  return <DictScreen kind="dict" layout="stacked" />;
}
