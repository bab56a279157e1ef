// After a start or a task action (spec 000 §4 "After success of an action"): the 温馨提示 dialog
// (the configured content replaces the text), then the optional jump of the submit-after config
// (jumpType back, currentPage or newPage), then the tab closes — the window when isClosePage is
// true, back when openWay is 2 — and the user lands on the named list.
import { Modal } from 'antd';
import i18n from '../../i18n';
import { navigate } from '../../shell/nav';
import { useSession } from '../../shell/store';
import type { OpenMode } from './params';

export interface SubmitAfter {
  submitType: string;
  content?: string;
  jumpAddress?: string;
  jumpType?: string;
}

/** Closes the tab of `pathname` (the tag bar entry) without navigating. */
export function closeTab(pathname: string): void {
  const { tags, setTags } = useSession.getState();
  const rest = tags.filter((x) => x.value !== pathname);
  if (rest.length !== tags.length) setTags(rest);
}

/** Closes the tab of `pathname` and goes to `to` (send list after a start, todo after handling). */
export function closeTabAndGo(pathname: string, to: string): void {
  closeTab(pathname);
  navigate(to, { replace: true });
}

export function successDialog(text: string, then: () => void): void {
  Modal.success({
    title: i18n.t('wf.tip'),
    content: text,
    okText: i18n.t('common.ok'),
    className: 'wf-success-dialog',
    onOk: then,
  });
}

/** An address of the submit-after config: http(s) leaves the app, anything else is a route (a leading # is dropped). */
function go(address: string, newWindow: boolean): void {
  const external = /^https?:/i.test(address);
  if (newWindow) {
    window.open(external ? address : `${window.location.pathname}#${address.replace(/^#/, '')}`, '_blank');
    return;
  }
  if (external) window.location.href = address;
  else navigate(address.replace(/^#/, ''));
}

/**
 * The whole §4 sequence after a successful start or action: dialog → jump → close → list.
 * `landing` is the list route inside the admin layout (/workflow/process/send or /todo).
 */
export function afterSuccess(opts: { text: string; after?: SubmitAfter; pathname: string; mode: OpenMode; landing: string }): void {
  const { after, pathname, mode } = opts;
  const text = after?.content?.trim() ? after.content : opts.text;
  successDialog(text, () => {
    const address = after?.jumpAddress?.trim();
    if (after?.jumpType === 'back') {
      closeTab(pathname);
      window.history.back();
      return;
    }
    if (after?.jumpType === 'currentPage' && address) {
      closeTab(pathname);
      go(address, false);
      return;
    }
    if (after?.jumpType === 'newPage' && address) go(address, true);
    leave(pathname, mode, opts.landing);
  });
}

/** Closes what was opened for this page and shows the named list. */
export function leave(pathname: string, mode: OpenMode, landing: string): void {
  if (mode.closePage) {
    window.close();
    // a window the script did not open stays: fall through to the list
    if (window.closed) return;
  }
  if (mode.openWay === '2' && window.history.length > 1) {
    closeTab(pathname);
    window.history.back();
    return;
  }
  closeTabAndGo(pathname, mode.bare ? `/page${landing}` : landing);
}
