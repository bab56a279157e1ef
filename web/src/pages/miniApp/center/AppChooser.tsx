// The chooser dialog 选择微应用 (001 §2.6): search by app name (search and clear buttons), the apps
// the caller may open as cards, paged 9 at a time (9 to 54); choosing a card closes the dialog and
// hands the app over.
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Pagination, Space, Spin } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { totalText } from '../../../api/crud';
import { appIconUrl } from '../api';
import { getMyApp, type OpenApp } from './api';
import '../shell/shell.css';

export const CHOOSER_PAGE_SIZES = [9, 18, 27, 36, 45, 54];

export function AppChooser({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (app: OpenApp) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(CHOOSER_PAGE_SIZES[0]);
  const [rows, setRows] = useState<OpenApp[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName('');
    setQuery('');
    setCurrent(1);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    getMyApp({ current, size, appName: query || undefined })
      .then((p) => { if (live) { setRows(p.records ?? []); setTotal(p.total ?? 0); } })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [open, current, size, query]);

  const search = () => { setCurrent(1); setQuery(name.trim()); };
  const clear = () => { setName(''); setCurrent(1); setQuery(''); };
  return (
    <Modal title={t('miniApp.chooser.title')} open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden className="mini-chooser">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          style={{ width: 260 }}
          placeholder={t('miniApp.chooser.namePlaceholder')}
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
          data-testid="mini-chooser-name"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>{t('common.search')}</Button>
        <Button icon={<ClearOutlined />} onClick={clear}>{t('miniApp.chooser.clear')}</Button>
      </Space>
      <Spin spinning={loading}>
        {rows.length ? (
          <div className="mini-card-grid three">
            {rows.map((a) => (
              <div key={a.id} className="mini-app-card" role="button" data-testid="mini-chooser-card" onClick={() => { onChoose(a); onClose(); }}>
                <img src={a.iconUrl || appIconUrl(a.appIcon)} alt="" />
                <div className="body">
                  <div className="name">{a.appName}</div>
                  <div className="desc">{a.appDesc || t('miniApp.home.noDesc')}</div>
                </div>
              </div>
            ))}
          </div>
        ) : (
          <Empty style={{ padding: 32 }} description={loading ? t('common.loading') : t('miniApp.chooser.empty')} />
        )}
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Pagination
          current={current}
          pageSize={size}
          total={total}
          showSizeChanger
          pageSizeOptions={CHOOSER_PAGE_SIZES.map(String)}
          showTotal={(n) => totalText(t, n)}
          onChange={(c, s) => { if (s !== size) { setSize(s); setCurrent(1); } else setCurrent(c); }}
        />
      </div>
    </Modal>
  );
}
