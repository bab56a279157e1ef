// 在线办理 of a service (§4): a visitor not signed in signs in first (coming back here); an external
// service (itemWay 2) opens its address; otherwise the server is asked whether the person may handle it
// now (validity, audience — the server decides again when the process starts) and the portal start page
// of the bound process opens, carrying the serviceId into the start body, per openWay: 1 this page,
// 2 replacing this page, 3 a new window that closes itself after the start.
import { Modal, message } from 'antd';
import i18n from '../../../i18n';
import { RequestError } from '../../../api/request';
import { encodeParams } from '../../../components/workflow/params';
import { navigate } from '../../../shell/nav';
import { useSession } from '../../../shell/store';
import { loginRoute } from '../frame/Header';
import { openAddress, siteHref } from '../frame/links';
import { portalApi } from '../public-api';
import type { ServiceCard } from '../types';

export interface HandleOptions {
  /** The route to come back to after signing in (default: the page shown). */
  from?: string;
}

/** The route shown (hash router): '/portal/hall?x=1'. */
const currentRoute = () => window.location.hash.replace(/^#/, '') || '/portal/index';

/** The portal start page of a service's process (params as params.ts builds them, plus the service). */
export function serviceStartRoute(processDefKey: string, serviceId: string): string {
  return `/portal/process/${encodeParams({ processDefKey, serviceId })}`;
}

/** Answers what was done: 'login' | 'external' | 'refused' | 'started' | 'failed'. */
export async function handleService(card: Pick<ServiceCard, 'id' | 'itemWay' | 'itemUrl' | 'openWay' | 'itemHandle' | 'name'>, opts: HandleOptions = {}): Promise<'login' | 'external' | 'refused' | 'opened' | 'failed'> {
  const t = i18n.t.bind(i18n);
  if (!useSession.getState().token) {
    navigate(loginRoute(opts.from ?? currentRoute()));
    return 'login';
  }
  const way = Number(card.openWay) || 1;
  if (Number(card.itemWay) === 2) {
    if (!card.itemUrl) {
      message.warning(t('portal.service.noHandle'));
      return 'failed';
    }
    openAddress(card.itemUrl, way);
    return 'external';
  }
  // a new window must be opened while the click still counts as the person's (before the answer), or
  // the browser blocks it; it is pointed at the start page (or closed) once the server has answered
  const win = way === 3 ? window.open('', '_blank') : null;
  let detail: ServiceCard;
  try {
    detail = await portalApi.detailSignedIn(card.id);
  } catch (e) {
    win?.close();
    message.error(e instanceof RequestError || e instanceof Error ? e.message : t('common.unknownError'));
    return 'failed';
  }
  if (detail.canHandle === false) {
    win?.close();
    Modal.warning({ title: t('portal.service.refusedTitle'), content: detail.refusal || t('portal.service.refused'), okText: t('common.ok'), className: 'pt-refusal' });
    return 'refused';
  }
  const key = detail.itemHandle ?? card.itemHandle;
  if (!key) {
    win?.close();
    message.warning(t('portal.service.noHandle'));
    return 'failed';
  }
  const route = serviceStartRoute(key, card.id);
  if (way === 3) {
    const href = siteHref(`${route}?isClosePage=true&isPortal=true&openWay=3`);
    if (win) win.location.href = href;
    else window.open(href, '_blank');
  } else if (way === 2) {
    window.location.replace(siteHref(`${route}?isPortal=true&openWay=2`));
  } else {
    navigate(route);
  }
  return 'opened';
}
