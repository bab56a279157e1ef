// The big service search of the index hero and the hall banner, with the most searched words
// (searchLog/noLogin/getHotSearch) under it. Searching opens the hall with the words (listUnion with
// name there writes them to the hot-search log).
import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { FireOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHotSearch } from '../public-api';
import './SearchBox.css';

export function SearchBox({ initial = '', onSearch, dark = true, testId = 'portal-service-search' }: {
  initial?: string; onSearch?: (words: string) => void; dark?: boolean; testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const hot = useHotSearch(8);
  useEffect(() => {
    setText(initial);
  }, [initial]);
  const go = (words: string) => {
    const w = words.trim();
    setText(w);
    if (onSearch) onSearch(w);
    else navigate(w ? `/portal/hall?name=${encodeURIComponent(w)}` : '/portal/hall');
  };
  return (
    <div className={`pt-searchbox${dark ? ' dark' : ''}`} data-testid={testId}>
      <div className="pt-searchbox-row">
        <Input
          size="large"
          value={text}
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('portal.search.placeholder')}
          aria-label={t('portal.search.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => go(text)}
        />
        <Button size="large" type="primary" onClick={() => go(text)}>{t('portal.search.button')}</Button>
      </div>
      {!!hot.data?.length && (
        <div className="pt-hot-words" data-testid="portal-hot-search">
          <span className="pt-hot-label"><FireOutlined /> {t('portal.search.hot')}</span>
          {hot.data.map((h) => (
            <button key={h.keyword} type="button" onClick={() => go(h.keyword)}>{h.keyword}</button>
          ))}
        </div>
      )}
    </div>
  );
}
