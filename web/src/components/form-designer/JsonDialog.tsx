// The design as JSON: view and edit it, import a .json file, export it. What is applied must be a
// form option (an object with a column list) whose props pass the designer's checks.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, Modal, Space, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormOption } from '../workflow/form-schema';

/** Parses a design JSON text; throws with the i18n key of what is wrong. */
export function parseDesign(text: string): FormOption {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw Object.assign(new Error('fd.json.invalid'), { detail: (e as Error).message });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('fd.json.notOption');
  const o = v as FormOption;
  if (o.column !== undefined && !Array.isArray(o.column)) throw new Error('fd.json.notOption');
  if (o.group !== undefined && !Array.isArray(o.group)) throw new Error('fd.json.notOption');
  if ([...(o.column ?? []), ...(o.group ?? []).flatMap((g) => g.column ?? [])].some((c) => !c || typeof c !== 'object')) throw new Error('fd.json.notOption');
  return o;
}

export function downloadJson(name: string, option: FormOption): void {
  const blob = new Blob([JSON.stringify(option, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name || 'form'}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function JsonDialog({ open, option, name, onClose, onApply }: { open: boolean; option: FormOption; name: string; onClose: () => void; onApply: (o: FormOption) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      setText(JSON.stringify(option, null, 2));
      setError(null);
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const apply = (raw: string) => {
    try {
      onApply(parseDesign(raw));
      message.success(t('fd.json.applied'));
      onClose();
    } catch (e) {
      const err = e as Error & { detail?: string };
      setError(`${t(err.message)}${err.detail ? `: ${err.detail}` : ''}`);
    }
  };
  return (
    <Modal
      open={open}
      title={t('fd.json.title')}
      width={760}
      onCancel={onClose}
      destroyOnClose
      footer={
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => file.current?.click()} className="fd-json-import">
            {t('fd.json.import')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadJson(name, option)} className="fd-json-export">
            {t('fd.json.export')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => apply(text)} className="fd-json-apply">
            {t('fd.json.apply')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} className="fd-json-error" />}
      <Input.TextArea className="fd-json" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 16, maxRows: 26 }} spellCheck={false} />
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          const raw = await f.text();
          setText(raw);
          apply(raw);
        }}
      />
    </Modal>
  );
}
