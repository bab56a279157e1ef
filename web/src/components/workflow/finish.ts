// After a start or a task action (spec 000 §4 "After success of an action"): the 温馨提示 dialog,
// then the current tab closes and the user lands on the named list.
import { Modal } from 'antd';
import i18n from '../../i18n';
import { navigate } from '../../shell/nav';
import { useSession } from '../../shell/store';

/** Closes the tab of `pathname` and goes to `to` (send list after a start, todo after handling). */
export function closeTabAndGo(pathname: string, to: string): void {
  const { tags, setTags } = useSession.getState();
  const rest = tags.filter((x) => x.value !== pathname);
  if (rest.length !== tags.length) setTags(rest);
  navigate(to, { replace: true });
}

export function successDialog(text: string, then: () => void): void {
  Modal.success({
    title: i18n.t('wf.tip'),
    content: text,
    okText: i18n.t('common.ok'),
    className: 'wf-success-dialog',
    onOk: then,
    afterClose: undefined,
  });
}
