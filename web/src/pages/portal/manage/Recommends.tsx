// 服务推荐 (/portalManage/serviceRecommend, portal_service): the hall's recommended services in their
// order. A service is recommended once (the server refuses a second); 取消推荐 takes it off by its
// service (deleteByServiceId); 排序 orders them all (drag or arrows, then updateSort).
import { useRef, useState } from 'react';
import { message } from 'antd';
import { OrderedListOutlined, StopOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { serviceRecommendModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { allOf, deleteRecommendByService, recommendApi, serviceApi, nameOf, updateRecommendSort, type Recommend } from './api';
import { ServiceName, serviceColumn, serviceNameOf } from './fieldColumns';
import { SortDrawer } from './fields/SortDrawer';
import './manage.css';

export default function RecommendPage() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(null);
  const [sorting, setSorting] = useState(false);
  const [resource] = useState(() =>
    modelResource<Recommend>(serviceRecommendModel, recommendApi, {
      permissions: { add: 'portal_service_add', edit: 'portal_service_edit', view: 'portal_service_view' },
      search: false,
      fields: { serviceId: { ...serviceColumn, search: undefined } },
      extraActions: [
        { key: 'sort', label: 'portalManage.recommend.sort', placement: 'toolbar', permission: 'portal_service_edit', icon: <OrderedListOutlined />, onClick: () => setSorting(true) },
        {
          key: 'unrecommend', label: 'portalManage.recommend.remove', placement: 'row', permission: 'portal_service_delete', danger: true, icon: <StopOutlined />,
          confirm: 'portalManage.recommend.removeConfirm',
          onClick: async ({ row, reload }) => {
            await deleteRecommendByService(String(row!.serviceId));
            message.success(t('common.success'));
            reload();
          },
        },
      ],
    }),
  );
  return (
    <div className="pm-page" data-testid="pm-recommend">
      <ResourceList resource={resource} actionRef={actionRef} />
      <SortDrawer
        open={sorting}
        title={t('portalManage.recommend.sortTitle')}
        help={t('portalManage.sort.help')}
        load={async () => {
          const [rows, services] = await Promise.all([allOf(recommendApi, { ascs: 'sort' }), allOf(serviceApi)]);
          const by = new Map(services.map((s) => [String(s.id), s]));
          return rows.map((r) => ({ id: String(r.id), title: serviceNameOf(r) || (by.get(String(r.serviceId)) ? nameOf(by.get(String(r.serviceId))) : <ServiceName id={r.serviceId} />), extra: r.reason ?? undefined }));
        }}
        save={updateRecommendSort}
        onClose={() => setSorting(false)}
        onSaved={() => {
          setSorting(false);
          actionRef.current?.reload();
        }}
      />
    </div>
  );
}
