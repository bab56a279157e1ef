// 栏目管理 (/portalManage/column, portal_column; ?floorId= from 楼层管理): the columns of the index's
// floors with their services (an ordered list chosen in the service picker) or their news source;
// 排序 puts one floor's columns in order (listNoPage of the floor, drag or arrows, then updateSort).
import { useMemo, useRef, useState } from 'react';
import { Select, Space, Tag, Typography, message } from 'antd';
import { OrderedListOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { columnModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { allOf, columnApi, columnsOfFloor, dataOptions, floorApi, nameOf, newsSourceApi, updateColumnSort, type Column } from './api';
import { iconColumn, nameColumn, serviceCount, serviceIdsColumn, serviceIdsForm } from './fieldColumns';
import { SortDrawer } from './fields/SortDrawer';
import './manage.css';

export default function ColumnPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const nav = useNavigate();
  const actionRef = useRef<ActionType>(null);
  const floorId = new URLSearchParams(location.search).get('floorId') ?? undefined;
  const [sorting, setSorting] = useState(false);
  const floors = useQuery({ queryKey: ['portalManage', 'floors'], queryFn: () => allOf(floorApi), staleTime: 30_000 });
  const sources = useQuery({ queryKey: ['portalManage', 'newsSources'], queryFn: () => allOf(newsSourceApi), staleTime: 30_000 });
  const chooseFloor = (id?: string) => nav(id ? `/portalManage/column?floorId=${id}` : '/portalManage/column', { replace: true });

  const resource = useMemo(() => {
    const floorOptions = dataOptions('floor', floors.data ?? []);
    const sourceOptions = (sources.data ?? []).map((s) => ({ label: nameOf(s), value: String(s.id) }));
    return modelResource<Column>(columnModel, columnApi, {
      formWidth: 760,
      params: floorId ? { floorId_equal: floorId } : undefined,
      subtitle: floorId ? nameOf((floors.data ?? []).find((f) => String(f.id) === floorId)) || undefined : undefined,
      fields: {
        floorId: {
          search: undefined,
          options: floorOptions,
          render: (r) => (r.floorId && floorOptions.some((o) => o.value === String(r.floorId)) ? t(`portalManage.data.floor.${r.floorId}`) : '-'),
          form: { type: 'select', loadOptions: async () => floorOptions.map((o) => ({ label: t(o.label), value: o.value })), default: floorId, required: true, requiredMessage: 'portalManage.column.floorRequired' },
        },
        name: nameColumn,
        icon: iconColumn,
        serviceIds: {
          ...serviceIdsColumn,
          hideInTable: false,
          width: 110,
          render: (r) => (Number(r.columnType) === 1 ? (serviceCount(r.serviceIds) ? t('portalManage.picker.count', { n: serviceCount(r.serviceIds) }) : <Typography.Text type="warning">{t('portalManage.picker.none')}</Typography.Text>) : '-'),
          form: { ...serviceIdsForm, visible: (v) => Number(v.columnType) === 1, dependencies: ['columnType'] },
        },
        newsSourceId: {
          render: (r) => sourceOptions.find((o) => o.value === String(r.newsSourceId))?.label ?? '-',
          form: { type: 'select', loadOptions: async () => sourceOptions, visible: (v: Record<string, unknown>) => Number(v.columnType) === 2, dependencies: ['columnType'], span: 12 },
        },
      },
      extraActions: [
        {
          key: 'sort', label: 'portalManage.column.sort', placement: 'toolbar', permission: 'portal_column_edit', icon: <OrderedListOutlined />,
          onClick: () => {
            if (!floorId) {
              message.warning(t('portalManage.column.chooseFloorFirst'));
              return;
            }
            setSorting(true);
          },
        },
      ],
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [floors.data, sources.data, floorId, i18n.language]);

  if (!floors.isFetched) return null;
  const floor = (floors.data ?? []).find((f) => String(f.id) === floorId);
  return (
    <div className="pm-page" data-testid="pm-column">
      <ResourceList
        resource={resource}
        actionRef={actionRef}
        titleExtra={
          <Select
            allowClear
            size="small"
            value={floorId}
            onChange={(v) => chooseFloor(v)}
            placeholder={t('portalManage.column.allFloors')}
            options={(floors.data ?? []).map((f) => ({ label: nameOf(f), value: String(f.id) }))}
            style={{ width: 200, marginLeft: 12, fontWeight: 'normal' }}
            className="pm-floor-filter"
          />
        }
      />
      <SortDrawer
        open={sorting}
        title={t('portalManage.column.sortTitle', { floor: nameOf(floor) })}
        help={t('portalManage.sort.help')}
        load={async () =>
          (await columnsOfFloor(floorId!)).map((c) => ({
            id: String(c.id),
            title: nameOf(c),
            extra: (
              <Space size={4}>
                <Tag>{t(`model.column.options.columnType.${c.columnType}`)}</Tag>
                {Number(c.status) !== 1 && <Tag>{t('common.disabled')}</Tag>}
              </Space>
            ),
          }))
        }
        save={updateColumnSort}
        onClose={() => setSorting(false)}
        onSaved={() => {
          setSorting(false);
          actionRef.current?.reload();
        }}
      />
    </div>
  );
}
