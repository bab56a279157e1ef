// Addresses inside the micro-app shell (001 §2.2): every child is /miniApp/home/<child> with the
// app's params in the query (the welcome page carries them in its route: index/{params}), and a
// tab is one child — or, for a custom button's page (urlPath), one button.
import { matchPath } from 'react-router-dom';
import { SHELL_SCREENS, type ShellScreen } from '../screens';

export const SHELL_BASE = '/miniApp/home';

/** The screen of a shell address and the child path under /miniApp/home/ ('' for the bare shell). */
export function shellScreenOf(pathname: string): { screen: ShellScreen | null; child: string } {
  const child = pathname.startsWith(`${SHELL_BASE}/`) ? pathname.slice(SHELL_BASE.length + 1).replace(/\/+$/, '') : '';
  const screen = SHELL_SCREENS.find((s) => matchPath({ path: `${SHELL_BASE}/${s.path}`, end: true }, pathname)) ?? null;
  return { screen, child };
}

/** The address of a child screen of the app (child: a screen path, optionally with its own query). */
export function childHref(child: string, encoded: string): string {
  const clean = child.replace(/^\/+/, '').replace(new RegExp(`^${SHELL_BASE.slice(1)}/`), '');
  if (!clean || clean === 'index' || clean.startsWith('index/')) return `${SHELL_BASE}/index/${encoded}`;
  const [path, query = ''] = clean.split('?');
  const q = new URLSearchParams(query);
  q.set('params', encoded);
  return `${SHELL_BASE}/${path}?${q.toString()}`;
}

/** A custom button's page (001 §2.2): urlPath with the button's name and its encoded address. */
export function buttonHref(btnName: string, btnUrl: string, encoded: string): string {
  return `${SHELL_BASE}/urlPath?name=${encodeURIComponent(btnName)}&src=${encodeURIComponent(btnUrl)}&params=${encoded}`;
}

/** The app menu's route (menuRouter) as a shell child: "dataManage", "/dataManage" or "/miniApp/home/dataManage?x=1". */
export function menuChild(menuRouter: string): string {
  return menuRouter.trim().replace(/^\/+/, '').replace(new RegExp(`^${SHELL_BASE.slice(1)}/?`), '') || 'index';
}

/** A tab's identity: the child path, plus name and src for a custom button's page (one tab per button). */
export function tabKeyOf(pathname: string, search: string): string {
  const { child } = shellScreenOf(pathname);
  if (!child || child.startsWith('index')) return 'index';
  if (child === 'urlPath') {
    const q = new URLSearchParams(search);
    return `urlPath?name=${encodeURIComponent(q.get('name') ?? '')}&src=${encodeURIComponent(q.get('src') ?? '')}`;
  }
  return child;
}

/** Only an http(s) address or a path of this site may be framed (the server checks buttons the same way). */
export function safeFrameSrc(src: string | null | undefined): string | null {
  const text = (src ?? '').trim();
  if (/^https?:\/\/[^\s]+$/i.test(text)) return text;
  if (/^\/(?!\/)[^\s]*$/.test(text)) return text;
  return null;
}
