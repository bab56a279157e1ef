// 楼层管理 (/portalManage/floor, portal_floor) and 专区管理 (/portalManage/precinct, portal_precinct):
// the bands of the portal's index and the themed areas in them, each with an enable switch (their
// updateStatus calls); a floor leads to its columns, a precinct lists its services in order.
import { useMemo } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { floorModel, precinctModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { allOf, dataOptions, floorApi, precinctApi, updateFloorStatus, updatePrecinctStatus, type Floor, type Precinct } from './api';
import { floorSelect, iconColumn, nameColumn, imageColumn, serviceCount, serviceIdsColumn } from './fieldColumns';
import { StatusSwitch } from './fields/small';
import './manage.css';

export function FloorPage() {
  const nav = useNavigate();
  const { i18n } = useTranslation();
  const resource = useMemo(
    () =>
      modelResource<Floor>(floorModel, floorApi, {
        fields: {
          name: nameColumn,
          status: { render: (r, h) => <StatusSwitch row={r} code="portal_floor_edit" update={updateFloorStatus} reload={h.reload} /> },
        },
        extraActions: [
          {
            key: 'columns', label: 'portalManage.floor.columns', placement: 'row', permission: 'portal_column_view', icon: <AppstoreOutlined />,
            visible: (r) => Number(r.floorType) === 1, onClick: ({ row }) => nav(`/portalManage/column?floorId=${String(row!.id)}`),
          },
        ],
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
  return (
    <div className="pm-page" data-testid="pm-floor">
      <ResourceList resource={resource} />
    </div>
  );
}

export function PrecinctPage() {
  const { t, i18n } = useTranslation();
  const floors = useQuery({ queryKey: ['portalManage', 'floors'], queryFn: () => allOf(floorApi), staleTime: 30_000 });
  const resource = useMemo(() => {
    const floorOptions = dataOptions('floor', floors.data ?? []);
    return modelResource<Precinct>(precinctModel, precinctApi, {
      formWidth: 760,
      fields: {
        floorId: { ...floorSelect, options: floorOptions, render: (r) => (r.floorId && floorOptions.some((o) => o.value === String(r.floorId)) ? t(`portalManage.data.floor.${r.floorId}`) : '-') },
        name: nameColumn,
        icon: iconColumn,
        imageUrl: imageColumn(),
        serviceIds: { ...serviceIdsColumn, hideInTable: false, width: 110, render: (r) => (serviceCount(r.serviceIds) ? t('portalManage.picker.count', { n: serviceCount(r.serviceIds) }) : '-') },
        status: { render: (r, h) => <StatusSwitch row={r} code="portal_precinct_edit" update={updatePrecinctStatus} reload={h.reload} /> },
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [floors.data, i18n.language]);
  if (!floors.isFetched) return null;
  return (
    <div className="pm-page" data-testid="pm-precinct">
      <ResourceList resource={resource} />
    </div>
  );
}
