import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** Mail HTML shown in the page: sanitized (no scripts, handlers, frames or forms), links open apart. */
export function SafeHtml({ html, maxHeight = 420 }: { html?: string | null; maxHeight?: number }) {
  const clean = useMemo(() => {
    const out = DOMPurify.sanitize(html ?? '', { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'], FORBID_ATTR: ['style'] });
    // every link leaves the app in a new tab without access back
    const doc = new DOMParser().parseFromString(out, 'text/html');
    doc.querySelectorAll('a[href]').forEach((a) => {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    });
    return doc.body.innerHTML;
  }, [html]);
  if (!clean.trim()) return <span>-</span>;
  return <div className="email-html" style={{ maxHeight, overflow: 'auto', wordBreak: 'break-word' }} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** A stored comma list of addresses as the array a tags picker holds. */
export const splitAddresses = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[,;，；\s]+/).map((s) => s.trim()).filter(Boolean);

export const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
