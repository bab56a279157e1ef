// A page of services as the portal's cards (service/ServiceCard), with the pager under them.
import type { ReactNode } from 'react';
import { Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import ServiceCard from '../service/ServiceCard';
import type { Page, ServiceCard as Card } from '../types';
import { usePhone } from './shared';

export function ServiceGrid({ page, loading, current, size, onChange, empty }: {
  page: Page<Card> | undefined; loading: boolean; current: number; size: number; onChange: (current: number, size: number) => void; empty: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (loading) return <Skeleton active />;
  if (!page?.records.length) return <>{empty}</>;
  return (
    <>
      <div className="pc-service-grid" data-testid="service-grid">
        {page.records.map((c) => <ServiceCard key={c.id} card={c} />)}
      </div>
      {page.total > size && (
        <Pagination className="pc-pager" size={phone ? 'small' : undefined} current={current} pageSize={size} total={page.total} onChange={onChange}
          showSizeChanger={!phone} pageSizeOptions={[12, 24, 48, 96]} showTotal={phone ? undefined : (n) => t('portalCenter.total', { count: n })} />
      )}
    </>
  );
}

