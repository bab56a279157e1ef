// The guide's two lists of a service (/portal/service/introduce shows them): 申请材料, rows of
// { name, required, copies, note }, and 办理流程, ordered steps of { name, description }. Both are
// stored as JSON text (materials, steps); parseList reads what is stored, tolerating old text.
import { Button, Empty, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface Material { name: string; required: boolean; copies: number; note?: string }
export interface Step { name: string; description?: string }

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
              <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('portalManage.guide.materialNameRequired') }, { max: 200, message: t('portalManage.tooLong', { n: 200 }) }]}>
                <Input placeholder={t('portalManage.guide.materialPlaceholder')} className="pm-material-name" />
              </Form.Item>
              <Form.Item name={[f.name, 'required']} valuePropName="checked">
                <Switch checkedChildren={t('portalManage.guide.must')} unCheckedChildren={t('portalManage.guide.optional')} />
              </Form.Item>
              <Form.Item name={[f.name, 'copies']} rules={[{ required: true, message: t('portalManage.guide.copiesRequired') }]}>
                <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name={[f.name, 'note']} rules={[{ max: 500, message: t('portalManage.tooLong', { n: 500 }) }]}>
                <Input placeholder={t('portalManage.guide.notePlaceholder')} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common.delete')} />
            </div>
          ))}
          {!fields.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portalManage.guide.noMaterials')} />}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', required: true, copies: 1, note: '' })} className="pm-material-add">
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
                <Form.Item name={[f.name, 'description']} rules={[{ max: 1000, message: t('portalManage.tooLong', { n: 1000 }) }]}>
                  <Input.TextArea rows={2} placeholder={t('portalManage.guide.stepDescription')} />
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
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', description: '' })} className="pm-step-add">
            {t('portalManage.guide.addStep')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
