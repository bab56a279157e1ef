import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import DOMPurify from 'dompurify';
import { noticeModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { noticeApi } from '../../api/admin';

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

const resource = modelResource(noticeModel, noticeApi, {
  formWidth: 760,
  fields: {
    releaseTime: { search: 'daterange', form: { help: 'notice.releaseTimeHelp' } },
    content: { render: html, form: { type: 'custom', component: ContentEditor, help: 'notice.contentHelp' } },
  },
});

export default function NoticePage() {
  return <ResourceList resource={resource} />;
}
