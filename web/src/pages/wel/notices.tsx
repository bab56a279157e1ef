// The home page's 通知公告: the newest released notices of the tenant, for everyone signed in
// (GET /api/blade-desk/notice/latest); a title opens the notice, its rich text shown after DOMPurify.
// Nothing shows while there are none.
import { useEffect, useState } from 'react';
import { Button, Card, List, Modal, Space, Tag, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import { noticeModel, textOf } from '@campus/schema';
import type { Notice } from '../../api/admin';
import { http } from '../../api/request';
import { formatDate } from '../../i18n';

const CATEGORIES = noticeModel.fields.category.options;
const SHOWN = 5;

export function NoticeBoard({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Notice[] | null>(null);
  const [open, setOpen] = useState<Notice | null>(null);
  useEffect(() => {
    let live = true;
    http.get<Notice[]>('/api/blade-desk/notice/latest', { size: SHOWN }).then(
      (list) => live && setRows(list ?? []),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!rows?.length) return null;
  const when = (v?: string | null) => (v ? formatDate(v, 'YYYY-MM-DD', i18n.language) : '');
  const category = (n: Notice) => {
    const c = CATEGORIES.find((o) => o.value === n.category);
    return <Tag color={c?.color ?? 'default'}>{c ? textOf(c.label, i18n.language === 'en' ? 'en' : 'zh') : String(n.category)}</Tag>;
  };
  return (
    <Card
      className={className}
      bordered={false}
      data-testid="wel-notices"
      title={
        <Space>
          <NotificationOutlined />
          {t('wel.notices')}
        </Space>
      }
    >
      <List
        size="small"
        dataSource={rows}
        renderItem={(n) => (
          <List.Item className="wel-notice" extra={<Typography.Text type="secondary">{when(n.releaseTime)}</Typography.Text>}>
            <Space size={8} className="wel-notice-main">
              {category(n)}
              <Button type="link" className="wel-notice-title" onClick={() => setOpen(n)} title={n.title}>
                {n.title}
              </Button>
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={!!open}
        width={720}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('common.close')}</Button>}
        className="wel-notice-dialog"
        destroyOnClose
      >
        {open && (
          <>
            <Space size={8} style={{ marginBottom: 12 }}>
              {category(open)}
              <Typography.Text type="secondary">{when(open.releaseTime)}</Typography.Text>
            </Space>
            <div className="notice-content" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(open.content ?? '')) }} />
          </>
        )}
      </Modal>
    </Card>
  );
}
