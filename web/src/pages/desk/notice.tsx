import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import DOMPurify from 'dompurify';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { noticeApi, type Notice } from '../../api/admin';

// Content may be rich text written elsewhere: it is shown as HTML only after DOMPurify.
const html = (row: Record<string, unknown>) =>
  row.content ? <div className="notice-content" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(row.content)) }} /> : '-';

// The designed forms' rich-text editor (Quill), loaded only when the form opens.
const RichEditor = lazy(() => import('../../components/workflow/form-richtext'));
const ContentEditor = ({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) => (
  <Suspense fallback={<Spin size="small" />}>
    <RichEditor value={value ? String(value) : undefined} onChange={onChange} />
  </Suspense>
);

const resource: ResourceDescription<Notice> = {
  title: 'notice.title',
  api: noticeApi,
  formWidth: 760,
  permissions: { add: 'notice_add', edit: 'notice_edit', delete: 'notice_delete', view: 'notice_view' },
  columns: [
    { title: 'notice.noticeTitle', dataIndex: 'title', search: 'like', width: 320, ellipsis: true, form: { required: true } },
    {
      title: 'notice.category',
      dataIndex: 'category',
      search: 'equal',
      width: 100,
      options: [
        { label: 'notice.category1', value: 1, color: 'blue' },
        { label: 'notice.category2', value: 2, color: 'orange' },
        { label: 'notice.category3', value: 3, color: 'green' },
      ],
      form: { type: 'select', required: true, span: 12, default: 1 },
    },
    { title: 'notice.releaseTime', dataIndex: 'releaseTime', search: 'daterange', sortable: true, width: 170, form: { type: 'datetime', span: 12, help: 'notice.releaseTimeHelp' } },
    { title: 'notice.content', dataIndex: 'content', hideInTable: true, render: html, form: { type: 'custom', component: ContentEditor, help: 'notice.contentHelp' } },
  ],
};

export default function NoticePage() {
  return <ResourceList resource={resource} />;
}
