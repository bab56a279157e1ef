// 个人数据分类 (/portalManage/personalCategory, portal_personal; /api/blade-data/personalCategory):
// the categories of the personal data centre (获奖情况, 证书资质 …), each with its fields designed in
// the platform's form designer (formContent, the one form schema the server checks entries with).
import { useMemo, useRef, useState } from 'react';
import { Button, Modal, Space, Tag, Typography, message } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { checkDesign, columnsOf, personalDataCategoryModel, type FormOption } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { FormDesigner } from '../../../components/form-designer/FormDesigner';
import { fromDesign, toDesign, type DesignOption } from '../../../components/form-designer/palette';
import { nameOf, personalCategoryApi, type PersonalCategory } from './api';
import { iconColumn, nameColumn } from './fieldColumns';
import './manage.css';

const optionOf = (v: unknown): FormOption => {
  if (v && typeof v === 'object') return v as FormOption;
  try {
    const o = JSON.parse(String(v ?? '')) as FormOption;
    return o && Array.isArray(o.column) ? o : { column: [] };
  } catch {
    return { column: [] };
  }
};

export default function PersonalCategoryPage() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(null);
  const [designing, setDesigning] = useState<PersonalCategory | null>(null);
  const [resource] = useState(() =>
    modelResource<PersonalCategory>(personalDataCategoryModel, personalCategoryApi, {
      fields: {
        name: nameColumn,
        icon: iconColumn,
        // a category is made with its fields (the server refuses one without)
        formContent: {
          hideInTable: false,
          width: 120,
          render: (r) => {
            const n = columnsOf(optionOf(r.formContent)).length;
            return n ? <Tag color="blue">{t('portalManage.personal.fieldCount', { n })}</Tag> : <Typography.Text type="warning">{t('portalManage.personal.noFields')}</Typography.Text>;
          },
          form: { type: 'custom', component: FormContentField, required: true, requiredMessage: 'portalManage.personal.fieldsRequired' },
        },
      },
      extraActions: [
        {
          key: 'design', label: 'portalManage.personal.design', placement: 'row', permission: 'portal_personal_edit', icon: <FormOutlined />,
          onClick: async ({ row }) => setDesigning((await personalCategoryApi.detail(String(row!.id))) ?? (row as unknown as PersonalCategory)),
        },
      ],
    }),
  );
  return (
    <div className="pm-page" data-testid="pm-personal">
      <ResourceList resource={resource} actionRef={actionRef} />
      {designing && (
        <DesignDialog
          title={t('portalManage.personal.designTitle', { name: nameOf(designing) })}
          value={designing.formContent}
          onClose={() => setDesigning(null)}
          onSave={async (option) => {
            const { id, name, nameEn, icon, multiple, sort, status } = designing;
            await personalCategoryApi.submit({ id, name, nameEn, icon, multiple, sort, status, formContent: JSON.stringify(option) });
            message.success(t('portalManage.personal.saved'));
            setDesigning(null);
            actionRef.current?.reload();
          }}
        />
      )}
    </div>
  );
}

/** The fields of a category in the form designer; `onSave` gets the designed form (at least one field, no design problem). */
function DesignDialog({ title, value, onClose, onSave }: { title: string; value: unknown; onClose: () => void; onSave: (option: FormOption) => Promise<unknown> | void }) {
  const { t } = useTranslation();
  const start = useMemo(() => toDesign(optionOf(value)), [value]);
  const [design, setDesign] = useState<DesignOption>(start);
  const [saving, setSaving] = useState(false);
  const saved = useMemo(() => JSON.stringify(fromDesign(start)), [start]);
  const dirty = JSON.stringify(fromDesign(design)) !== saved;
  const close = () => {
    if (!dirty) return onClose();
    Modal.confirm({ title: t('common.tip'), content: t('portalManage.personal.discard'), onOk: onClose });
  };
  const save = async () => {
    const option = fromDesign(design);
    if (!columnsOf(option).length) {
      message.warning(t('portalManage.personal.needField'));
      return;
    }
    const problems = checkDesign(option);
    if (problems.length) {
      message.error([...new Set(problems.map((p) => t(`fd.problem.${p.kind}`, p)))].join(' | '));
      return;
    }
    setSaving(true);
    try {
      await onSave(option);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width="96vw"
      style={{ top: 16 }}
      title={title}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      className="pm-design-dialog"
      footer={
        <Space>
          {dirty && <Tag color="orange">{t('portalManage.personal.unsaved')}</Tag>}
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} className="pm-design-save">{t('common.save')}</Button>
        </Space>
      }
    >
      <FormDesigner design={design} onChange={setDesign} />
    </Modal>
  );
}

/** The form control of formContent in the category's dialog: how many fields, and the designer. */
function FormContentField({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = columnsOf(optionOf(value)).length;
  return (
    <Space id={id}>
      {n ? <Tag color="blue">{t('portalManage.personal.fieldCount', { n })}</Tag> : <Typography.Text type="secondary">{t('portalManage.personal.noFields')}</Typography.Text>}
      <Button icon={<FormOutlined />} onClick={() => setOpen(true)} className="pm-design-open">{t('portalManage.personal.design')}</Button>
      {open && (
        <DesignDialog
          title={t('portalManage.personal.design')}
          value={value}
          onClose={() => setOpen(false)}
          onSave={(option) => {
            onChange?.(JSON.stringify(option));
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}
