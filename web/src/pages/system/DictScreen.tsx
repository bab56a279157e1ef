import { useMemo, useState } from 'react';
import { Card, Empty } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dictBizModel, dictModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { dictApis, type Dict } from '../../api/admin';

/** Left out of a list: its column, its detail line and its form field. */
const unseen = { hideInTable: true, inDetail: false, form: false } as const;

/**
 * A dictionary screen: paged dictionaries, and the items of the chosen one (a tree) beside them
 * (layout side) or below them (layout stacked). System and business dictionaries share it; both
 * lists take their columns and forms from the model (@campus/schema dictModel / dictBizModel), the
 * two panes are this screen's.
 */
export function DictScreen({ kind, layout = 'side' }: { kind: 'dict' | 'dict-biz'; layout?: 'side' | 'stacked' }) {
  const { t, i18n } = useTranslation();
  const model = kind === 'dict' ? dictModel : dictBizModel;
  const apis = useMemo(() => dictApis(kind), [kind]);
  const [parent, setParent] = useState<Dict | null>(null);

  const parents = useMemo<ResourceDescription<Dict>>(
    () => modelResource(model, apis.parents, {
      sort: { ascs: 'sort' },
      onRowClick: (row) => setParent(row as unknown as Dict),
      activeKey: parent?.id,
      fields: {
        // a dictionary's code is required and kept; its key is -1 (the server's)
        code: { form: { required: true, addOnly: true } },
        dictKey: unseen,
      },
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
    [apis, model, parent?.id, i18n.language],
  );

  const children = useMemo<ResourceDescription<Dict> | null>(
    () =>
      parent
        ? modelResource(model, apis.children(parent.id), {
            title: 'dict.itemTitle',
            subtitle: `${parent.dictValue} · ${parent.code}`,
            tree: true,
            search: false,
            editFromRow: false,
            params: { parentId: parent.id },
            beforeSubmit: (values) => ({ ...values, parentId: values.parentId || parent.id, code: parent.code }),
            fields: {
              // an item's code is its dictionary's (shown above it); its key is required
              code: unseen,
              dictKey: { form: { required: true } },
              dictValue: { title: 'dict.itemValue' },
            },
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apis, model, parent, i18n.language],
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
