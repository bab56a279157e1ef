// Rich-text editor of a designed field (Quill, loaded only when such a field is shown). Images from
// the toolbar go through the platform upload (POST /api/blade-resource/oss/endpoint/put-file) and
// are inserted by link; incoming HTML is sanitised before Quill sees it.
import { useEffect, useRef } from 'react';
import { message } from 'antd';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/system';
import { withProgressCard } from '../transfer';
import { sanitize } from './form-fields';

const EMPTY = /^(<p>(<br>|\s)*<\/p>)*$/;

export default function RichEditor({ value, onChange }: { value?: string; onChange?: (v?: string) => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const last = useRef<string | undefined>(undefined);
  const change = useRef(onChange);
  change.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    if (!host.current) return;
    const box = document.createElement('div');
    host.current.appendChild(box);
    const q = new Quill(box, {
      theme: 'snow',
      modules: {
        toolbar: {
          container: [[{ header: [1, 2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ color: [] }, { background: [] }], [{ list: 'ordered' }, { list: 'bullet' }], [{ align: [] }], ['link', 'image'], ['clean']],
          handlers: {
            image: () => {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = 'image/*';
              input.onchange = async () => {
                const file = input.files?.[0];
                if (!file) return;
                try {
                  const r = await withProgressCard(file.name, (onProgress) => putFile(file, undefined, { onProgress }));
                  const at = q.getSelection(true)?.index ?? q.getLength();
                  q.insertEmbed(at, 'image', r.link, 'user');
                } catch (e) {
                  message.error(`${t('fr.upload.failed')}${(e as Error).message ?? ''}`);
                }
              };
              input.click();
            },
          },
        },
      },
    });
    quill.current = q;
    if (valueRef.current) {
      last.current = valueRef.current;
      q.setContents(q.clipboard.convert({ html: sanitize(valueRef.current) }), 'silent');
    }
    q.on('text-change', () => {
      const html = q.root.innerHTML;
      const v = EMPTY.test(html) ? undefined : html;
      last.current = v;
      change.current?.(v);
    });
    return () => {
      quill.current = null;
      if (host.current) host.current.innerHTML = '';
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // a value set from outside (form reset, loaded record) replaces the content
  useEffect(() => {
    const q = quill.current;
    if (!q || value === last.current) return;
    last.current = value;
    q.setContents(q.clipboard.convert({ html: sanitize(value ?? '') }), 'silent');
  }, [value]);

  return <div ref={host} className="fr-richtext" />;
}
