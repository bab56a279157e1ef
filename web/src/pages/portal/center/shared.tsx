// What the signed-in portal pages share: the page (frame, query client, head band), the designed empty
// state, the refresh when a window opened from here closes, and how a process row is opened.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Empty, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../shell/queries';
import { encodeParams, isExternal, targetOf } from '../../../components/workflow/params';
import PortalFrame from '../frame/PortalFrame';
import { localName, siteHref } from '../frame/links';
import type { CenterRow } from './api';
import './center.css';

/** A portal page: the frame (header, footer), the head band with its title, and the body. */
export function CenterPage({ active, title, subtitle, icon, extra, children, testId }: {
  active?: string; title: ReactNode; subtitle?: ReactNode; icon?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string;
}) {
  return (
    <QueryProvider>
      <PortalFrame active={active}>
        <div className="pc-page" data-testid={testId}>
          <div className="pc-head">
            <div className="pc-wrap pc-head-inner">
              {icon && <div className="pc-head-icon">{icon}</div>}
              <div className="pc-head-text">
                <h1>{title}</h1>
                {subtitle && <div className="pc-head-sub">{subtitle}</div>}
              </div>
              {extra && <div className="pc-head-extra">{extra}</div>}
            </div>
          </div>
          <div className="pc-wrap pc-body">{children}</div>
        </div>
      </PortalFrame>
    </QueryProvider>
  );
}

/** A section of a page: a white panel with its title and an optional link or tool on the right. */
export function Panel({ title, icon, extra, children, className, testId }: { title?: ReactNode; icon?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`pc-panel ${className ?? ''}`} data-testid={testId}>
      {(title || extra) && (
        <div className="pc-panel-head">
          <h2>{icon}{title}</h2>
          {extra && <div className="pc-panel-extra">{extra}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** The empty state: a drawing, what is missing, and where to go instead. */
export function EmptyState({ text, hint, action, compact }: { text: ReactNode; hint?: ReactNode; action?: { label: ReactNode; onClick: () => void }; compact?: boolean }) {
  return (
    <div className={`pc-empty${compact ? ' compact' : ''}`}>
      <Empty
        image={compact ? Empty.PRESENTED_IMAGE_SIMPLE : Empty.PRESENTED_IMAGE_DEFAULT}
        description={
          <>
            <div className="pc-empty-text">{text}</div>
            {hint && <div className="pc-empty-hint">{hint}</div>}
          </>
        }
      >
        {action && <Button type="primary" ghost onClick={action.onClick}>{action.label}</Button>}
      </Empty>
    </div>
  );
}

/**
 * Calls refresh when this window gets the focus back (a task handled, a process started in the window
 * opened from here, which then closed) — at most once a second.
 */
export function useFocusRefresh(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    let last = 0;
    const run = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < 1000) return;
      last = Date.now();
      latest.current();
    };
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, []);
}

/** Whether the page is phone-wide (below md): lists turn into cards. */
export function usePhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
}

/**
 * Opens a process row's detail in a new window: the portal's detail page (/portal/process/detail/{p},
 * p as the workflow lists build it) that closes itself when the task is handled; a process with an
 * external form opens where its form lives.
 */
export function openProcessDetail(row: CenterRow): void {
  const p = {
    taskId: row.taskId ?? undefined,
    processInsId: row.processInstanceId,
    processId: row.processId ?? row.processDefinitionId,
    processDefKey: row.processDefKey ?? row.processDefinitionKey,
    modelType: row.modelType,
  };
  if (isExternal(row.formKey)) {
    const to = targetOf('detail', row, p, true);
    window.open(to.url ?? siteHref(to.path!), '_blank');
    return;
  }
  window.open(siteHref(`/portal/process/detail/${encodeParams(p)}?isClosePage=true&isPortal=true&openWay=3`), '_blank');
}

/** 'yyyy-MM-dd HH:mm' of a server time (the list rows answer 'yyyy-MM-dd HH:mm:ss' or ISO). */
export const shortTime = (v?: string | null) => (v ? String(v).replace('T', ' ').slice(0, 16) : '-');

/** A name in the reader's language. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (zh?: string | null, english?: string | null) => localName(zh, english, language);
}
