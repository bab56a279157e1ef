import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectAddresses } from './api';
import { EMAIL_RE } from './SafeHtml';

/** E-mail addresses as chips: typed (comma, semicolon or space ends one) or picked from the address book. */
export function RecipientSelect({ value, onChange, placeholder }: { value?: unknown; onChange?: (v: unknown) => void; placeholder?: string }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    let live = true;
    selectAddresses()
      .then((rows) => live && setOptions((rows ?? []).map((r) => ({ label: r.label, value: r.email }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const list = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Select
      mode="tags"
      value={list}
      onChange={(v: string[]) => onChange?.(v.map((s) => s.trim()).filter(Boolean))}
      options={options}
      tokenSeparators={[',', ';', '，', '；', ' ']}
      placeholder={placeholder ?? t('email.recipientsPlaceholder')}
      optionFilterProp="label"
      style={{ width: '100%' }}
      tagRender={({ label, value: v, closable, onClose }) => (
        <span
          className={`ant-select-selection-item${EMAIL_RE.test(String(v)) ? '' : ' email-chip-bad'}`}
          style={EMAIL_RE.test(String(v)) ? undefined : { borderColor: '#ff4d4f', color: '#ff4d4f' }}
        >
          <span className="ant-select-selection-item-content">{String(label ?? v)}</span>
          {closable && (
            <span className="ant-select-selection-item-remove" onMouseDown={(e) => e.preventDefault()} onClick={onClose}>
              ×
            </span>
          )}
        </span>
      )}
    />
  );
}

/** Form rule: every chip a valid address (and at least one when required). */
export const recipientsRule = (t: (k: string, o?: Record<string, unknown>) => string, required: boolean) => ({
  validator: async (_: unknown, v: unknown) => {
    const list = Array.isArray(v) ? (v as string[]) : String(v ?? '').split(',').filter(Boolean);
    if (required && !list.length) throw new Error(t('email.toUserRequired'));
    const bad = list.find((a) => !EMAIL_RE.test(a));
    if (bad) throw new Error(t('email.emailInvalid', { value: bad }));
  },
});
