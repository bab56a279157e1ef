// The guide's two lists of a service (/portal/service/introduce shows them): 申请材料, rows of
// { name, required, copies, note }, and 办理流程, ordered steps of { name, description }. Both are
// stored as JSON text (materials, steps); parseList reads what is stored, tolerating old text. Each
// text has its English beside it (nameEn, copiesEn, noteEn, descriptionEn), which an English page shows.
import { Button, Empty, Form, Input, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** copies: a number of copies, or words such as '原件 1 份' (kept as written). */
export interface Material { name: string; nameEn?: string; required: boolean; copies: number | string; copiesEn?: string; note?: string; noteEn?: string }
export interface Step { name: string; nameEn?: string; description?: string; descriptionEn?: string }

/** A stored material as the editor holds it (its English kept). */
export const materialIn = (m: Partial<Material>): Material => ({
  name: m.name ?? '', nameEn: m.nameEn ?? '', required: m.required !== false && String(m.required) !== '0',
  copies: m.copies === undefined || m.copies === null || m.copies === '' ? 1 : /^\d+$/.test(String(m.copies)) ? Number(m.copies) : String(m.copies),
  copiesEn: m.copiesEn ?? '', note: m.note ?? '', noteEn: m.noteEn ?? '',
});
/** A material as stored: empty English left out. */
export const materialOut = (m: Material): Material => {
  const t = (v?: string) => v?.trim() || undefined;
  const copies = String(m.copies ?? '').trim();
  return { name: m.name.trim(), nameEn: t(m.nameEn), required: !!m.required, copies: /^\d+$/.test(copies) ? Number(copies) : copies || 1, copiesEn: t(m.copiesEn), note: m.note?.trim() || '', noteEn: t(m.noteEn) };
};
export const stepIn = (s: Partial<Step>): Step => ({ name: s.name ?? '', nameEn: s.nameEn ?? '', description: s.description ?? '', descriptionEn: s.descriptionEn ?? '' });
export const stepOut = (s: Step): Step => ({ name: s.name.trim(), nameEn: s.nameEn?.trim() || undefined, description: s.description?.trim() || '', descriptionEn: s.descriptionEn?.trim() || undefined });

export function parseList<T>(v: unknown): T[] {
  if (Array.isArray(v)) return v as T[];
  if (typeof v !== 'string' || !v.trim()) return [];
  try {
    const parsed = JSON.parse(v) as unknown;
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** The list as stored: rows without a name left out; null when none is left. */
export function listText<T extends { name?: string }>(rows: T[] | undefined, shape: (r: T) => T): string | null {
  const kept = (rows ?? []).filter((r) => r?.name?.trim()).map(shape);
  return kept.length ? JSON.stringify(kept) : null;
}

export function MaterialsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="materials">
      {(fields, { add, remove }) => (
        <div className="pm-materials">
          {fields.length > 0 && (
            <div className="pm-materials-head">
              <span>{t('portalManage.guide.materialName')}</span>
              <span>{t('portalManage.guide.required')}</span>
              <span>{t('portalManage.guide.copies')}</span>
              <span>{t('portalManage.guide.note')}</span>
              <span />
            </div>
          )}
          {fields.map((f) => (
            <div key={f.key} className="pm-materials-row">
              <div>
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('portalManage.guide.materialNameRequired') }, { max: 200, message: t('portalManage.tooLong', { n: 200 }) }]}>
                  <Input placeholder={t('portalManage.guide.materialPlaceholder')} className="pm-material-name" />
                </Form.Item>
                <Form.Item name={[f.name, 'nameEn']} rules={[{ max: 400, message: t('portalManage.tooLong', { n: 400 }) }]}>
                  <Input placeholder={t('portalManage.guide.materialEnPlaceholder')} className="pm-material-name-en" />
                </Form.Item>
              </div>
              <Form.Item name={[f.name, 'required']} valuePropName="checked">
                <Switch checkedChildren={t('portalManage.guide.must')} unCheckedChildren={t('portalManage.guide.optional')} />
              </Form.Item>
              <div>
                <Form.Item name={[f.name, 'copies']} rules={[{ required: true, message: t('portalManage.guide.copiesRequired') }, { max: 50, type: 'string', transform: String, message: t('portalManage.tooLong', { n: 50 }) }]}>
                  <Input placeholder={t('portalManage.guide.copiesPlaceholder')} />
                </Form.Item>
                <Form.Item name={[f.name, 'copiesEn']} rules={[{ max: 100, message: t('portalManage.tooLong', { n: 100 }) }]}>
                  <Input placeholder={t('portalManage.guide.copiesEnPlaceholder')} />
                </Form.Item>
              </div>
              <div>
                <Form.Item name={[f.name, 'note']} rules={[{ max: 500, message: t('portalManage.tooLong', { n: 500 }) }]}>
                  <Input placeholder={t('portalManage.guide.notePlaceholder')} />
                </Form.Item>
                <Form.Item name={[f.name, 'noteEn']} rules={[{ max: 1000, message: t('portalManage.tooLong', { n: 1000 }) }]}>
                  <Input placeholder={t('portalManage.guide.noteEnPlaceholder')} />
                </Form.Item>
              </div>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
            </div>
          ))}
          {!fields.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portalManage.guide.noMaterials')} />}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(materialIn({}))} className="pm-material-add">
            {t('portalManage.guide.addMaterial')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

export function StepsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="steps">
      {(fields, { add, remove, move }) => (
        <div className="pm-steps">
          {fields.map((f, i) => (
            <div key={f.key} className="pm-steps-row">
              <span className="pm-steps-index">{i + 1}</span>
              <div className="pm-steps-body">
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('portalManage.guide.stepNameRequired') }, { max: 100, message: t('portalManage.tooLong', { n: 100 }) }]}>
                  <Input placeholder={t('portalManage.guide.stepName')} className="pm-step-name" />
                </Form.Item>
                <Form.Item name={[f.name, 'nameEn']} rules={[{ max: 200, message: t('portalManage.tooLong', { n: 200 }) }]}>
                  <Input placeholder={t('portalManage.guide.stepNameEn')} className="pm-step-name-en" />
                </Form.Item>
                <Form.Item name={[f.name, 'description']} rules={[{ max: 1000, message: t('portalManage.tooLong', { n: 1000 }) }]}>
                  <Input.TextArea rows={2} placeholder={t('portalManage.guide.stepDescription')} />
                </Form.Item>
                <Form.Item name={[f.name, 'descriptionEn']} rules={[{ max: 2000, message: t('portalManage.tooLong', { n: 2000 }) }]}>
                  <Input.TextArea rows={2} placeholder={t('portalManage.guide.stepDescriptionEn')} />
                </Form.Item>
              </div>
              <div className="pm-steps-actions">
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('portalManage.sort.up')} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={t('portalManage.sort.down')} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
              </div>
            </div>
          ))}
          {!fields.length && <Typography.Paragraph type="secondary">{t('portalManage.guide.noSteps')}</Typography.Paragraph>}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(stepIn({}))} className="pm-step-add">
            {t('portalManage.guide.addStep')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
