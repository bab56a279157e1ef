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

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
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
