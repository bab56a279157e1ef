// 搜索 (/portal/search?keyword=, 001 §2.3): the services matching the words (listUnion: name, English
// name, keywords, summary; the server logs the words for the hot searches), paged, and the entries
// of the top menu whose names contain them.
import { useEffect, useState } from 'react';
import { Input, Tag } from 'antd';
import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { leafMenus, openAddress } from '../frame/links';
import { portalApi, rowsOf } from '../public-api';
import { ServiceGrid } from './ServiceGrid';
import { CenterPage, EmptyState, Panel, useLocalName } from './shared';

export default function Search() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keyword = (useSearchParams()[0].get('keyword') ?? '').trim();
  return (
    <CenterPage active="/portal/search" title={t('portalCenter.search.title')} icon={<SearchOutlined />} testId="portal-search"
      subtitle={<SearchBar keyword={keyword} onSearch={(w) => navigate(w ? `/portal/search?keyword=${encodeURIComponent(w)}` : '/portal/search')} />}>
      {/* a new search starts at its first page */}
      <Results key={keyword} keyword={keyword} />
    </CenterPage>
  );
}

function SearchBar({ keyword, onSearch }: { keyword: string; onSearch: (words: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <Input.Search
      className="pc-head-search"
      size="large"
      allowClear
      enterButton={t('common.search')}
      placeholder={t('portalCenter.search.placeholder')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      data-testid="search-box"
    />
  );
}

function Results({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [page, setPage] = useState({ current: 1, size: 12 });
  const menus = useQuery({ queryKey: ['portal', 'topMenuLeaves'], queryFn: async () => leafMenus(rowsOf(await portalApi.topMenu())), staleTime: 60_000 });
  const services = useQuery({
    queryKey: ['portal', 'search', keyword, page],
    queryFn: () => portalApi.services({ ...page, name: keyword }),
    enabled: !!keyword,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (!keyword) return <Panel><EmptyState text={t('portalCenter.search.prompt')} hint={t('portalCenter.search.promptHint')} /></Panel>;
  const k = keyword.toLowerCase();
  const entries = (menus.data ?? []).filter((m) => [m.name, m.nameEn].some((v) => v?.toLowerCase().includes(k)));
  return (
    <>
      {entries.length > 0 && (
        <Panel title={t('portalCenter.search.entries')} icon={<LinkOutlined />} testId="search-entries">
          <div className="pc-menu-hits">
            {entries.map((m) => (
              <Tag key={m.id} color="blue" className="pc-menu-hit" style={{ cursor: 'pointer', padding: '4px 12px', fontSize: 14 }} onClick={() => openAddress(m.jumpAddress, m.openWay)}>
                {local(m.name, m.nameEn)}
              </Tag>
            ))}
          </div>
        </Panel>
      )}
      <Panel title={t('portalCenter.search.services', { keyword })} icon={<SearchOutlined />} testId="search-services"
        extra={<span className="pc-count">{t('portalCenter.total', { count: services.data?.total ?? 0 })}</span>}>
        <ServiceGrid
          page={services.data}
          loading={services.isLoading}
          current={page.current}
          size={page.size}
          onChange={(current, size) => setPage({ current: size !== page.size ? 1 : current, size })}
          empty={<EmptyState text={t('portalCenter.search.none', { keyword })} hint={t('portalCenter.search.noneHint')} />}
        />
      </Panel>
    </>
  );
}
