// 办事中心 (/portal/transaction/center, 001 §2.3): every service by category, searched and paged, each
// with its favourite toggle and 办理 (§4: the server's refusal shown when the caller may not handle it
// now); below, the caller's own requests with their state.
import { Input, Pagination, Skeleton } from 'antd';
import { AppstoreOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PortalIcon, colourOf } from '../../frame/icons';
import { ServiceTags, introduceRoute } from '../../service/ServiceCard';
import type { ServiceCard } from '../../types';
import { CenterPage, EmptyState, Panel, useLocalName, usePhone } from '../shared';
import { FavouriteToggle, HandleButton, MyRequests, useCatalogue, type Catalogue } from './catalogue';

export default function TransactionCenter() {
  const { t } = useTranslation();
  return (
    <CenterPage active="/portal/transaction/center" title={t('portalCenter.transaction.title')} subtitle={t('portalCenter.transaction.subtitle')} icon={<ShopOutlined />} testId="portal-transaction-center">
      <Body />
    </CenterPage>
  );
}

function Body() {
  const cat = useCatalogue(10);
  return (
    <>
      <div className="pc-catalogue" style={{ marginBottom: 16 }}>
        <CategorySide cat={cat} />
        <div className="pc-cat-main"><ServiceList cat={cat} /></div>
      </div>
      <MyRequests />
    </>
  );
}

/** The categories with their counts: a column beside the list, chips on a phone. */
export function CategorySide({ cat }: { cat: Catalogue }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  if (phone) {
    return (
      <div className="pc-chips" data-testid="catalogue-categories">
        <button className={`pc-chip${!cat.categoryId ? ' active' : ''}`} onClick={() => cat.choose(undefined)}>{t('portalCenter.service.allCategories')}</button>
        {cat.categories.map((c) => (
          <button key={c.id} className={`pc-chip${cat.categoryId === String(c.id) ? ' active' : ''}`} onClick={() => cat.choose(String(c.id))}>{local(c.name, c.nameEn)}</button>
        ))}
      </div>
    );
  }
  return (
    <aside className="pc-cat-side" data-testid="catalogue-categories">
      <div className="pc-side-title">{t('portalCenter.service.categories')}</div>
      {cat.categoriesLoading ? <Skeleton active /> : (
        <>
          <button className={`pc-cat${!cat.categoryId ? ' active' : ''}`} onClick={() => cat.choose(undefined)}>
            <AppstoreOutlined />
            <span className="pc-cat-name">{t('portalCenter.service.allCategories')}</span>
            <span className="pc-cat-count">{cat.total}</span>
          </button>
          {cat.categories.map((c) => (
            <button key={c.id} className={`pc-cat${cat.categoryId === String(c.id) ? ' active' : ''}`} onClick={() => cat.choose(String(c.id))} data-testid={`catalogue-category-${c.id}`}>
              <span className="pc-cat-dot" style={{ background: colourOf(c.name, c.color) }} />
              <span className="pc-cat-name" title={local(c.name, c.nameEn)}>{local(c.name, c.nameEn)}</span>
              <span className="pc-cat-count">{c.serviceCount}</span>
            </button>
          ))}
        </>
      )}
    </aside>
  );
}

/** The search over the catalogue (name, English name, keywords, summary: the server's listUnion). */
export function CatalogueSearch({ cat }: { cat: Catalogue }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      className="pc-search"
      placeholder={t('portalCenter.service.searchPlaceholder')}
      onSearch={cat.search}
      onChange={(e) => { if (!e.target.value && cat.name) cat.search(''); }}
      data-testid="catalogue-search"
    />
  );
}

function ServiceList({ cat }: { cat: Catalogue }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const phone = usePhone();
  const data = cat.services.data;
  const chosen = cat.categories.find((c) => String(c.id) === cat.categoryId);
  return (
    <Panel
      title={chosen ? local(chosen.name, chosen.nameEn) : t('portalCenter.service.allServices')}
      extra={<><span className="pc-count">{t('portalCenter.total', { count: data?.total ?? 0 })}</span><CatalogueSearch cat={cat} /></>}
      testId="catalogue-services"
      className="pc-svc-panel"
    >
      {cat.services.isLoading ? <Skeleton active /> : data?.records.length ? (
        <div className="pc-svc-list">{data.records.map((s) => <ServiceItem key={s.id} card={s} />)}</div>
      ) : (
        <EmptyState text={t(cat.name ? 'portalCenter.service.noMatch' : 'portalCenter.service.none')} hint={cat.name ? t('portalCenter.service.noMatchHint') : undefined} />
      )}
      {(data?.total ?? 0) > 0 && (
        <Pagination className="pc-pager" size={phone ? 'small' : undefined} current={cat.page.current} pageSize={cat.page.size} total={data?.total ?? 0}
          showSizeChanger={!phone} pageSizeOptions={[10, 30, 50, 100, 200]} onChange={cat.turn} />
      )}
    </Panel>
  );
}

/** A service of the catalogue: icon, name (opens the guide), summary, tags, and its favourite and 办理. */
function ServiceItem({ card }: { card: ServiceCard }) {
  const local = useLocalName();
  const navigate = useNavigate();
  const name = local(card.name, card.nameEn);
  return (
    <div className="pc-svc" data-testid="catalogue-service" data-id={card.id}>
      <PortalIcon icon={card.icon} name={card.name} colour={card.color} size={46} />
      <div className="pc-svc-body">
        <a className="pc-svc-name" onClick={() => navigate(introduceRoute(String(card.id)))} title={name}>{name}</a>
        {card.summary && <p className="pc-svc-summary" title={card.summary}>{card.summary}</p>}
        <div className="pc-svc-meta">
          <ServiceTags card={card} />
          {[local(card.categoryName, card.categoryNameEn), card.deptName].filter(Boolean).map((x) => <span key={x}>{x}</span>)}
        </div>
      </div>
      <div className="pc-svc-actions">
        <FavouriteToggle card={card} />
        <HandleButton card={card} />
      </div>
    </div>
  );
}
