import { useMemo, useState } from 'react';
import { Card, Empty } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type FieldOption, type ResourceDescription } from '../../components/ResourceList';
import { dictApis, type Dict } from '../../api/admin';

const sealed: FieldOption[] = [
  { label: 'common.no', value: 0, color: 'default' },
  { label: 'common.yes', value: 1, color: 'red' },
];

/**
 * A dictionary screen: paged dictionaries, and the items of the chosen one (a tree) beside them
 * (layout side) or below them (layout stacked). System and business dictionaries share it.
 */
export function DictScreen({ kind, layout = 'side' }: { kind: 'dict' | 'dict-biz'; layout?: 'side' | 'stacked' }) {
  const { t, i18n } = useTranslation();
  const perm = kind === 'dict' ? 'dict' : 'dictbiz';
  const apis = useMemo(() => dictApis(kind), [kind]);
  const [parent, setParent] = useState<Dict | null>(null);
  const permissions = { add: `${perm}_add`, edit: `${perm}_edit`, delete: `${perm}_delete`, view: `${perm}_view` };

  const parents = useMemo<ResourceDescription<Dict>>(
    () => ({
      title: kind === 'dict' ? 'dict.title' : 'dict.bizTitle',
      api: apis.parents,
      permissions,
      sort: { ascs: 'sort' },
      onRowClick: (row) => setParent(row as unknown as Dict),
      activeKey: parent?.id,
      columns: [
        { title: 'dict.code', dataIndex: 'code', search: 'like', width: 140, form: { required: true, addOnly: true, span: 12 } },
        { title: 'dict.dictValue', dataIndex: 'dictValue', search: 'like', width: 140, form: { required: true, span: 12 } },
        { title: 'common.sort', dataIndex: 'sort', width: 70, form: { type: 'number', required: true, min: 0, span: 12, default: 1 } },
        { title: 'dict.isSealed', dataIndex: 'isSealed', width: 80, options: sealed, form: { type: 'radio', required: true, requiredMessage: 'dict.sealedRequired', span: 12, default: 0 } },
        { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
      ],
      extraActions: [
        {
          key: 'items',
          label: 'dict.items',
          placement: 'row',
          icon: <SettingOutlined />,
          onClick: ({ row }) => setParent(row as unknown as Dict),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apis, kind, parent?.id, i18n.language],
  );

  const children = useMemo<ResourceDescription<Dict> | null>(
    () =>
      parent
        ? {
            title: 'dict.itemTitle',
            subtitle: `${parent.dictValue} · ${parent.code}`,
            api: apis.children(parent.id),
            tree: true,
            search: false,
            editFromRow: false,
            params: { parentId: parent.id },
            permissions,
            beforeSubmit: (values) => ({ ...values, parentId: values.parentId || parent.id, code: parent.code }),
            columns: [
              { title: 'dict.dictKey', dataIndex: 'dictKey', width: 120, form: { required: true, span: 12 } },
              { title: 'dict.itemValue', dataIndex: 'dictValue', width: 140, form: { required: true, span: 12 } },
              { title: 'common.sort', dataIndex: 'sort', width: 70, form: { type: 'number', required: true, min: 0, span: 12, default: 1 } },
              { title: 'dict.isSealed', dataIndex: 'isSealed', width: 80, options: sealed, form: { type: 'radio', required: true, requiredMessage: 'dict.sealedRequired', span: 12, default: 0 } },
              { title: 'common.remark', dataIndex: 'remark', hideInTable: true, form: { type: 'textarea', rows: 2 } },
            ],
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apis, parent, i18n.language],
  );

  return (
    <div className={layout === 'side' ? 'dict-layout-side' : 'dict-layout-stacked'}>
      <ResourceList resource={parents} />
      {children ? (
        <div className="dict-children">
          <ResourceList key={parent!.id} resource={children} />
        </div>
      ) : (
        <Card className="dict-children">
          <Empty description={t('dict.choose')} />
        </Card>
      )}
    </div>
  );
}
