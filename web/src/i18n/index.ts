import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zh from './zh.json';
import en from './en.json';
import { useSession, type Language } from '../shell/store';

export const languages: { value: Language; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

const initial = useSession.getState().language;
dayjs.locale(initial === 'en' ? 'en' : 'zh-cn');

// Each area may keep its labels in i18n/areas/<area>.zh.json and <area>.en.json (merged here),
// so screens of different areas never edit the same file.
type Tree = { [k: string]: string | Tree };
const merge = (into: Tree, from: Tree): Tree => {
  for (const [k, v] of Object.entries(from)) {
    into[k] = typeof v === 'object' && typeof into[k] === 'object' ? merge({ ...(into[k] as Tree) }, v) : v;
  }
  return into;
};
const bundles: Record<Language, Tree> = { zh: { ...(zh as Tree) }, en: { ...(en as Tree) } };
for (const [path, data] of Object.entries(import.meta.glob<Tree>('./areas/*.json', { eager: true, import: 'default' }))) {
  const lang = /\.(zh|en)\.json$/.exec(path)?.[1] as Language | undefined;
  if (lang) bundles[lang] = merge(bundles[lang], data);
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: bundles.zh }, en: { translation: bundles.en } },
  lng: initial,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Switch language everywhere: i18next, dayjs, the html lang attribute and the persisted choice. */
export function changeLanguage(language: Language): void {
  useSession.getState().setLanguage(language);
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  void i18n.changeLanguage(language);
}

/**
 * A menu entry's label: the server's name, or in English the translation of its code when the
 * English file has one (menus are data; the server stores one name per entry).
 */
export function menuLabel(m: { code?: string; name: string }): string {
  if (i18n.language !== 'en' || !m.code) return m.name;
  return i18n.t(`menus.${m.code}`, { defaultValue: m.name });
}

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
