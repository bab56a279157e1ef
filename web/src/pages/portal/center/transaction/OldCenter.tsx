// 办事中心 (旧版, /portal/transaction/oldCenter, 001 §2.3): the same catalogue as /portal/transaction/center
// (catalogue.tsx) laid out the older way: a category tree beside a compact table of services.
import { Select, Table, Tree } from 'antd';
import { AppstoreOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PortalIcon } from '../../frame/icons';
import { ServiceTags, introduceRoute } from '../../service/ServiceCard';
import type { ServiceCard } from '../../types';
import { CenterPage, EmptyState, Panel, useLocalName, usePhone } from '../shared';
import { FavouriteToggle, HandleButton, useCatalogue } from './catalogue';
import { CatalogueSearch } from './TransactionCenter';

const ALL = '__all';

export default function OldCenter() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/transaction/oldCenter" title={t('portalCenter.transaction.oldTitle')} subtitle={t('portalCenter.transaction.subtitle')} icon={<ShopOutlined />} testId="portal-transaction-old">
      <Body />
    </CenterPage>
  );
}

function Body() {
  const { t } = useTranslation();
  const local = useLocalName();
  const navigate = useNavigate();
  const phone = usePhone();
  const cat = useCatalogue(10);
  const data = cat.services.data;
  const tree = [{
    key: ALL,
    title: `${t('portalCenter.service.allServices')} (${cat.total})`,
    icon: <AppstoreOutlined />,
    children: cat.categories.map((c) => ({ key: String(c.id), title: `${local(c.name, c.nameEn)} (${c.serviceCount})`, isLeaf: true })),
  }];
  const columns = [
    { title: '#', key: 'no', width: 56, render: (_: unknown, __: ServiceCard, i: number) => (cat.page.current - 1) * cat.page.size + i + 1 },
    {
      title: t('portalCenter.service.name'), key: 'name',
      render: (_: unknown, s: ServiceCard) => (
        <span className="pc-service-name">
          <PortalIcon icon={s.icon} name={s.name} colour={s.color} size={24} />
          <a onClick={() => navigate(introduceRoute(String(s.id)))}>{local(s.name, s.nameEn)}</a>
        </span>
      ),
    },
    ...(phone ? [] : [
      { title: t('portalCenter.service.category'), key: 'category', width: 130, ellipsis: true, render: (_: unknown, s: ServiceCard) => local(s.categoryName, s.categoryNameEn) || '-' },
      { title: t('portalCenter.service.dept'), key: 'dept', width: 140, ellipsis: true, render: (_: unknown, s: ServiceCard) => s.deptName || '-' },
      { title: t('portalCenter.service.how'), key: 'how', width: 190, render: (_: unknown, s: ServiceCard) => <ServiceTags card={s} /> },
    ]),
    { title: t('portalCenter.service.collect'), key: 'fav', width: 64, align: 'center' as const, render: (_: unknown, s: ServiceCard) => <FavouriteToggle card={s} compact /> },
    { title: t('common.action'), key: 'action', width: 110, render: (_: unknown, s: ServiceCard) => <HandleButton card={s} /> },
  ];
  return (
    <div className="pc-catalogue">
      {!phone && (
        <aside className="pc-cat-side pc-old-tree" data-testid="old-tree">
          <Tree
            showIcon
            blockNode
            defaultExpandAll
            selectedKeys={[cat.categoryId ?? ALL]}
            treeData={tree}
            onSelect={(keys) => { const k = keys[0] as string | undefined; if (k) cat.choose(k === ALL ? undefined : k); }}
          />
        </aside>
      )}
      <div className="pc-cat-main">
        <Panel
          testId="old-services"
          title={phone ? undefined : t('portalCenter.service.allServices')}
          extra={
            <>
              {phone && (
                <Select value={cat.categoryId ?? ALL} onChange={(v) => cat.choose(v === ALL ? undefined : v)} style={{ minWidth: 140 }}
                  options={[{ value: ALL, label: t('portalCenter.service.allCategories') }, ...cat.categories.map((c) => ({ value: String(c.id), label: local(c.name, c.nameEn) }))]} />
              )}
              <CatalogueSearch cat={cat} />
            </>
          }
        >
          <Table<ServiceCard>
            rowKey="id"
            size="small"
            loading={cat.services.isLoading}
            dataSource={data?.records ?? []}
            columns={columns}
            onRow={() => ({ 'data-testid': 'old-service' } as React.HTMLAttributes<HTMLElement>)}
            locale={{ emptyText: <EmptyState compact text={t(cat.name ? 'portalCenter.service.noMatch' : 'portalCenter.service.none')} /> }}
            pagination={{
              current: cat.page.current, pageSize: cat.page.size, total: data?.total ?? 0, onChange: cat.turn, size: phone ? 'small' : undefined,
              showSizeChanger: !phone, pageSizeOptions: [10, 30, 50, 100, 200], showTotal: phone ? undefined : (n) => t('portalCenter.total', { count: n }),
            }}
          />
        </Panel>
      </div>
    </div>
  );
}
