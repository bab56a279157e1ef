import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { getConfigByKey } from '../api/system';
import type { CasConfigInfo, SysConfigInfo } from '../api/types';
import { website } from '../website';

interface SiteState {
  sys: SysConfigInfo;
  cas: CasConfigInfo;
  /** True once casConfig has been asked for (answered or failed): guards wait for it. */
  loaded: boolean;
}

export const useSite = create<SiteState>()(
  persist(() => ({ sys: {}, cas: {}, loaded: false }) as SiteState, {
    name: `${website.key}-site`,
    partialize: (s) => ({ sys: s.sys }) as SiteState,
  }),
);

function parse<T>(text: string | undefined | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Reads the public sysConfig (title, logo) and casConfig (single sign-on) records. */
export async function loadSiteConfig(): Promise<void> {
  const [sys, cas] = await Promise.allSettled([getConfigByKey('sysConfig'), getConfigByKey('casConfig')]);
  const sysInfo = sys.status === 'fulfilled' ? parse<SysConfigInfo>(sys.value?.configInfo) : null;
  const casInfo = cas.status === 'fulfilled' ? parse<CasConfigInfo>(cas.value?.configInfo) : null;
  useSite.setState({ sys: sysInfo ?? useSite.getState().sys, cas: casInfo ?? {}, loaded: true });
  if (sysInfo?.sysIcon) {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = sysInfo.sysIcon;
  }
}

export function casEnabled(cas: CasConfigInfo = useSite.getState().cas): boolean {
  return (cas.enable === true || cas.enable === 'true') && !!cas.casServerLoginUrl;
}

/** The sign-on server address that returns to /#/casLogin/index with the page to reopen. */
export function casLoginUrl(toUrl: string): string {
  const { cas } = useSite.getState();
  const back = `${window.location.origin}${window.location.pathname}#/casLogin/index?toUrl=${encodeURIComponent(toUrl)}`;
  return `${cas.casServerLoginUrl}?service=${encodeURIComponent(back)}`;
}

export function siteTitle(lang: string): string {
  const { sys } = useSite.getState();
  // A configured title wins, except that the product's own default name has an English form.
  if (sys.indexTitle && !(lang === 'en' && sys.indexTitle === website.title)) return sys.indexTitle;
  return lang === 'en' ? website.titleEn : website.title;
}
