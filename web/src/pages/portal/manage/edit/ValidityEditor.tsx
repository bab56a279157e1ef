// 有效期 of a service (001 §4): mode 1 always; 2 a daily time range (HH:mm, inclusive); 4 a range of
// days of each month (d–d); 5 a range of dates of each year (MM-dd, may wrap the new year); 6 a list
// of dates (yyyy-MM-dd). The form keeps a control per mode; toValidity turns it into the stored
// fields validityStart / validityEnd / validityDates, fromValidity back.
import { Alert, Col, DatePicker, Form, InputNumber, Row, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { VALIDITY_MODES } from '@campus/schema';
import { rangeSeparator } from '../../../../components/rangeSeparator';
import { serviceText } from '../modelText';

export interface ValidityForm {
  validityMode?: number;
  validityTime?: [Dayjs, Dayjs] | null;
  dayStart?: number | null;
  dayEnd?: number | null;
  yearStart?: Dayjs | null;
  yearEnd?: Dayjs | null;
  dates?: Dayjs[] | null;
}
export interface ValidityFields {
  validityMode: number;
  validityStart: string | null;
  validityEnd: string | null;
  validityDates: string | null;
}

// a leap year, so that 02-29 can be chosen for a yearly range
const YEAR = 2000;
const monthDay = (v: string | null | undefined): Dayjs | null => (v && /^\d{2}-\d{2}$/.test(v) ? dayjs(`${YEAR}-${v}`, 'YYYY-MM-DD') : null);

export function fromValidity(row: Record<string, unknown>): ValidityForm {
  const mode = Number(row.validityMode ?? 1) || 1;
  const start = row.validityStart ? String(row.validityStart) : null;
  const end = row.validityEnd ? String(row.validityEnd) : null;
  const out: ValidityForm = { validityMode: mode };
  if (mode === 2 && start && end) out.validityTime = [dayjs(start, 'HH:mm'), dayjs(end, 'HH:mm')];
  if (mode === 4) {
    out.dayStart = start ? Number(start) : null;
    out.dayEnd = end ? Number(end) : null;
  }
  if (mode === 5) {
    out.yearStart = monthDay(start);
    out.yearEnd = monthDay(end);
  }
  if (mode === 6) out.dates = String(row.validityDates ?? '').split(',').map((d) => d.trim()).filter(Boolean).map((d) => dayjs(d, 'YYYY-MM-DD'));
  return out;
}

export function toValidity(v: ValidityForm): ValidityFields {
  const mode = v.validityMode ?? 1;
  const none = { validityMode: mode, validityStart: null, validityEnd: null, validityDates: null };
  switch (mode) {
    case 2:
      return { ...none, validityStart: v.validityTime?.[0]?.format('HH:mm') ?? null, validityEnd: v.validityTime?.[1]?.format('HH:mm') ?? null };
    case 4:
      return { ...none, validityStart: v.dayStart != null ? String(v.dayStart) : null, validityEnd: v.dayEnd != null ? String(v.dayEnd) : null };
    case 5:
      return { ...none, validityStart: v.yearStart?.format('MM-DD') ?? null, validityEnd: v.yearEnd?.format('MM-DD') ?? null };
    case 6: {
      const days = [...new Set((v.dates ?? []).map((d) => d.format('YYYY-MM-DD')))].sort();
      return { ...none, validityDates: days.join(',') || null };
    }
    default:
      return none;
  }
}

export function ValidityEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const mode = (Form.useWatch('validityMode', form) as number | undefined) ?? 1;
  const dayRule = (which: 'start' | 'end') => ({
    validator: async (_: unknown, v: number | null | undefined) => {
      if (v == null) throw new Error(t(`portalManage.validity.day${which === 'start' ? 'Start' : 'End'}Required`));
      if (!Number.isInteger(v) || v < 1 || v > 31) throw new Error(t('portalManage.validity.dayRange'));
    },
  });
  return (
    <div className="pm-validity" data-mode={mode}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="validityMode" label={serviceText('fields.validityMode')} rules={[{ required: true, message: t('portalManage.validity.modeRequired') }]}>
            <Select className="pm-validity-mode" options={VALIDITY_MODES.map((m) => ({ value: m, label: t(`model.serviceManage.options.validityMode.${m}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {mode === 2 && (
            <Form.Item name="validityTime" label={t('portalManage.validity.time')} rules={[{ required: true, message: t('portalManage.validity.timeRequired') }]} extra={t('portalManage.validity.timeHelp')}>
              <TimePicker.RangePicker format="HH:mm" minuteStep={5} order={false} separator={rangeSeparator()} placeholder={[t('portalManage.validity.from'), t('portalManage.validity.to')]} style={{ width: '100%' }} className="pm-validity-time" />
            </Form.Item>
          )}
          {mode === 4 && (
            <Form.Item label={t('portalManage.validity.days')} required extra={t('portalManage.validity.daysHelp')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="dayStart" noStyle rules={[dayRule('start')]}>
                  <InputNumber min={1} max={31} precision={0} addonBefore={t('portalManage.validity.monthly')} addonAfter={t('portalManage.validity.dayUnit')} className="pm-validity-day-start" style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name="dayEnd" noStyle rules={[dayRule('end')]}>
                  <InputNumber min={1} max={31} precision={0} addonBefore={t('portalManage.validity.to')} addonAfter={t('portalManage.validity.dayUnit')} className="pm-validity-day-end" style={{ width: '50%' }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          )}
          {mode === 5 && (
            <Form.Item label={t('portalManage.validity.yearly')} required extra={t('portalManage.validity.yearlyHelp')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="yearStart" noStyle rules={[{ required: true, message: t('portalManage.validity.yearStartRequired') }]}>
                  <DatePicker format="MM-DD" placeholder={t('portalManage.validity.from')} className="pm-validity-year-start" style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name="yearEnd" noStyle rules={[{ required: true, message: t('portalManage.validity.yearEndRequired') }]}>
                  <DatePicker format="MM-DD" placeholder={t('portalManage.validity.to')} className="pm-validity-year-end" style={{ width: '50%' }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          )}
          {mode === 6 && (
            <Form.Item name="dates" label={t('portalManage.validity.dates')} rules={[{ required: true, type: 'array', min: 1, message: t('portalManage.validity.datesRequired') }]} extra={t('portalManage.validity.datesHelp')}>
              <DatePicker multiple format="YYYY-MM-DD" maxTagCount="responsive" style={{ width: '100%' }} className="pm-validity-dates" placeholder={t('portalManage.validity.pickDates')} />
            </Form.Item>
          )}
        </Col>
      </Row>
      <ValiditySummary />
    </div>
  );
}

/** What the chosen validity means, in one sentence (as the portal will say it). */
function ValiditySummary() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as ValidityForm | undefined;
  if (!values) return null;
  const f = toValidity(values);
  const range = f.validityMode === 6 ? (f.validityDates ?? '').split(',').join(', ') : `${f.validityStart ?? '?'}${f.validityMode === 5 ? ' ~ ' : '-'}${f.validityEnd ?? '?'}`;
  // a window whose end comes before its start runs over midnight, the month's end or the new year
  const wraps = [2, 4, 5].includes(f.validityMode) && f.validityStart && f.validityEnd && (f.validityMode === 4 ? Number(f.validityStart) > Number(f.validityEnd) : f.validityStart > f.validityEnd);
  return (
    <Alert
      type={f.validityMode === 1 ? 'success' : 'info'}
      showIcon
      className="pm-validity-summary"
      message={f.validityMode === 1 ? t('portalManage.validity.summary1') : t(`portalManage.validity.summary${f.validityMode}`, { range })}
      description={wraps ? t(`portalManage.validity.wraps${f.validityMode}`) : undefined}
    />
  );
}
