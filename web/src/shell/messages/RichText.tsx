import { useMemo } from 'react';
import DOMPurify from 'dompurify';

const HAS_TAGS = /<[a-z][\s\S]*?>/i;

/** Message content: rich text sanitized (no scripts, handlers, frames, forms or styles); plain text keeps its line breaks. */
export function RichText({ html, className }: { html?: string | null; className?: string }) {
  const { clean, plain } = useMemo(() => {
    const src = String(html ?? '');
    const out = DOMPurify.sanitize(src, {
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
      FORBID_ATTR: ['style'],
    });
    const doc = new DOMParser().parseFromString(out, 'text/html');
    doc.querySelectorAll('a[href]').forEach((a) => {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    });
    return { clean: doc.body.innerHTML, plain: !HAS_TAGS.test(src) };
  }, [html]);
  if (!clean.trim()) return <span className={className}>-</span>;
  return (
    <div
      className={`msg-rich-text${className ? ` ${className}` : ''}`}
      style={{ wordBreak: 'break-word', whiteSpace: plain ? 'pre-wrap' : undefined }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
