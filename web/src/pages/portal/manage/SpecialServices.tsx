// 特色服务 (/portalManage/specialService, portal_special): themed pages of the portal, each with its
// own columns of services (特色服务栏目, in a drawer) and its services (服务, the service list of
// /portal/serviceManage/{spId}, filtered by specialServiceId).
import { useMemo, useState } from 'react';
import { Drawer } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { specialServiceColumnModel, specialServiceModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { nameOf, specialApi, specialColumnApi, type SpecialColumn, type SpecialService } from './api';
import { iconColumn, imageColumn, nameColumn, serviceCount, serviceIdsColumn } from './fieldColumns';
import './manage.css';

export default function SpecialServicePage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const [columnsOf, setColumnsOf] = useState<SpecialService | null>(null);
  const [resource] = useState(() =>
    modelResource<SpecialService>(specialServiceModel, specialApi, {
      formWidth: 720,
      fields: { name: nameColumn, icon: iconColumn, imageUrl: imageColumn() },
      extraActions: [
        { key: 'columns', label: 'portalManage.special.columns', placement: 'row', permission: 'portal_special_view', icon: <AppstoreOutlined />, onClick: ({ row }) => setColumnsOf(row as unknown as SpecialService) },
        { key: 'services', label: 'portalManage.special.services', placement: 'row', permission: 'portal_service_view', icon: <UnorderedListOutlined />, onClick: ({ row }) => nav(`/portal/serviceManage/${String(row!.id)}`) },
      ],
    }),
  );
  return (
    <div className="pm-page" data-testid="pm-special">
      <ResourceList resource={resource} />
      <Drawer
        open={!!columnsOf}
        width={Math.min(1000, window.innerWidth)}
        title={t('portalManage.special.columnsOf', { name: nameOf(columnsOf) })}
        onClose={() => setColumnsOf(null)}
        destroyOnHidden
      >
        {columnsOf && <SpecialColumns special={columnsOf} />}
      </Drawer>
    </div>
  );
}

function SpecialColumns({ special }: { special: SpecialService }) {
  const { t } = useTranslation();
  const resource = useMemo(
    () =>
      modelResource<SpecialColumn>(specialServiceColumnModel, specialColumnApi, {
        params: { specialServiceId_equal: special.id },
        formWidth: 720,
        fields: {
          specialServiceId: { hideInTable: true, search: undefined, form: { type: 'select', default: special.id, loadOptions: async () => [{ label: nameOf(special), value: String(special.id) }] } },
          name: nameColumn,
          serviceIds: { ...serviceIdsColumn, hideInTable: false, width: 110, render: (r) => (serviceCount(r.serviceIds) ? t('portalManage.picker.count', { n: serviceCount(r.serviceIds) }) : '-') },
        },
      }),
    [special, t],
  );
  return <ResourceList resource={resource} />;
}
