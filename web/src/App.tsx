import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { router } from './router';
import { useSession } from './shell/store';
import { themeByName } from './shell/themes';
import { siteTitle, useSite } from './shell/site';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** Whether the reader's system asks for less motion (an accessibility setting); follows changes live. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/**
 * antd locale, primary colour and the dark algorithm follow the persisted choices; dialogs, menus
 * and messages open without animation when the system asks for reduced motion.
 */
function Themed({ children }: { children: ReactNode }) {
  const colour = useSession((s) => s.colour);
  const language = useSession((s) => s.language);
  const layoutTheme = themeByName(useSession((s) => s.theme));
  const locale = language === 'en' ? enUS : zhCN;
  const reducedMotion = usePrefersReducedMotion();
  const config = {
    locale,
    // a dialog's close button: rc-dialog names it "Close" whatever the locale; antd's own word instead
    modal: { closable: { 'aria-label': locale.global?.close } },
    theme: {
      token: { colorPrimary: colour, motion: !reducedMotion, borderRadius: 6, fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif" },
      algorithm: layoutTheme.name === 'theme-dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    },
  };
  useEffect(() => {
    // Static message/modal calls (request layer) render with the same locale and colours.
    ConfigProvider.config({ holderRender: (node) => <ConfigProvider {...config}>{node}</ConfigProvider> });
    document.documentElement.style.setProperty('--primary', colour);
    document.documentElement.dataset.theme = layoutTheme.name;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [colour, language, layoutTheme.name, reducedMotion]);
  return (
    <ConfigProvider {...config}>
      <AntApp className="app-root">{children}</AntApp>
    </ConfigProvider>
  );
}

export default function App() {
  const { i18n } = useTranslation();
  const sys = useSite((s) => s.sys);
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  useEffect(() => {
    if (!document.title || document.title === 'Loading…') document.title = siteTitle(i18n.language);
  }, [sys, i18n.language]);
  return (
    // react-query's provider is in the admin layout (shell/queries.tsx): the login page does without it
    <Themed>
      <RouterProvider router={router} />
    </Themed>
  );
}
