import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSession, type Language } from '../shell/store';

export const languages: { value: Language; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/**
 * The dayjs locale of a language. Dates that carry words (weekday, month) are formatted with it
 * explicitly — dayjs(x).locale(dayjsLocale()).format(…) or formatDate — never with dayjs's global
 * locale alone: a dayjs object keeps the locale it was made with (a clock made before a switch
 * would stay Chinese), and antd pro's provider also sets the global locale from its own context.
 */
export const dayjsLocale = (language: string = i18n.language): 'en' | 'zh-cn' => (language === 'en' ? 'en' : 'zh-cn');

/** A date in the reader's language (or the one given). */
export function formatDate(value: dayjs.ConfigType, format: string, language: string = i18n.language): string {
  return dayjs(value).locale(dayjsLocale(language)).format(format);
}

/** The home page / lock screen date: Wednesday, November 25, 2026 or 2026年11月25日 星期三. */
export const longDate = (value: dayjs.ConfigType, language: string = i18n.language): string =>
  formatDate(value, language === 'en' ? 'dddd, MMMM D, YYYY' : 'YYYY年M月D日 dddd', language);

/**
 * The API docs (/api/docs, the server's page shown in the app's frame) answer in the language of
 * this cookie: the frame's requests carry none of the app's headers.
 */
function tellDocs(language: Language): void {
  document.cookie = `lang=${language}; path=/api/docs; max-age=31536000; SameSite=Lax`;
}

const initial = useSession.getState().language;
dayjs.locale(dayjsLocale(initial));
tellDocs(initial);

// The labels of each language are a chunk of their own (labels.ts): the login page downloads the
// reader's language only, and the other one when the reader switches.
const labels: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('./labels.zh'),
  en: () => import('./labels.en'),
};
const loaded = new Map<Language, Promise<void>>();
function loadLabels(language: Language): Promise<void> {
  let p = loaded.get(language);
  if (!p) {
    p = labels[language]().then((m) => { i18n.addResourceBundle(language, 'translation', m.default, true, true); });
    loaded.set(language, p);
  }
  return p;
}

// init is synchronous without a backend, so the labels can be added as soon as their chunk arrives
const initialised = i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Resolves once the reader's labels are in: main.tsx renders after it, so no screen shows a bare key. */
export const i18nReady: Promise<void> = Promise.all([initialised, loadLabels(initial)]).then(() => {
  // zh is the fallback of missing English labels: fetched after the first render, not before it
  if (initial !== 'zh') void loadLabels('zh');
});

/** Switch language everywhere (once its labels are loaded): i18next, dayjs, the html lang attribute and the persisted choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLabels(language);
  useSession.getState().setLanguage(language);
  tellDocs(language);
  dayjs.locale(dayjsLocale(language));
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  await i18n.changeLanguage(language);
}

/**
 * A menu entry's label: the server's name, or in English the translation of its code when the
 * English file has one (menus are data; the server stores one name per entry).
 */
export function menuLabel(m: { code?: string; name: string }): string {
  if (i18n.language !== 'en' || !m.code) return m.name;
  return i18n.t(`menus.${m.code}`, { defaultValue: m.name });
}

// whoever switches the language (changeLanguage, a test, a library), dayjs's default follows it
i18n.on('languageChanged', (language) => { dayjs.locale(dayjsLocale(language)); });

export default i18n;

interface MenuTreeNode {
  title: string;
  code?: unknown;
  alias?: unknown;
  category?: unknown;
  children?: MenuTreeNode[];
}
/**
 * A menu tree from the server (grant trees, the menu tree) with its titles in the reader's
 * language: menus by code, buttons (category 2) by their alias (add, edit, delete, …).
 */
export function localizeMenuTree<T extends MenuTreeNode>(nodes: T[]): T[] {
  if (i18n.language !== 'en') return nodes;
  return nodes.map((n) => ({
    ...n,
    title: Number(n.category) === 2 && n.alias
      ? i18n.t(`menuButtons.${String(n.alias)}`, { defaultValue: n.title })
      : menuLabel({ code: n.code ? String(n.code) : undefined, name: n.title }),
    children: n.children ? localizeMenuTree(n.children) : undefined,
  }));
}
