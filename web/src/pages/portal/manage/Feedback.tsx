// 服务反馈 (/portalManage/serviceFeedback, portal_feedback): what signed-in people said about a
// service (rating and words, added from the portal), read here and answered (答复: the submit of the
// row with its reply; the server stamps the time and marks it answered).
import { useRef, useState } from 'react';
import { Descriptions, Form, Input, Modal, Rate, message } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { serviceFeedbackModel } from '@campus/schema';
import { ResourceList } from '../../../components/ResourceList';
import { modelResource } from '../../../components/model-resource';
import { feedbackApi, type Feedback } from './api';
import { ServiceName, serviceNameOf } from './fieldColumns';
import './manage.css';

const time = (v: unknown) => (v ? String(v).replace('T', ' ').slice(0, 19) : '-');

export default function FeedbackPage() {
  const actionRef = useRef<ActionType>(null);
  const [answering, setAnswering] = useState<Feedback | null>(null);
  const [resource] = useState(() =>
    modelResource<Feedback>(serviceFeedbackModel, feedbackApi, {
      // people add feedback on the portal; here it is read, answered and removed
      permissions: { view: 'portal_feedback_view', delete: 'portal_feedback_delete' },
      sort: { descs: 'create_time' },
      fields: {
        serviceId: { search: undefined, render: (r) => <ServiceName id={r.serviceId as string} name={serviceNameOf(r)} /> },
        rating: { search: undefined, render: (r) => <Rate disabled value={Number(r.rating)} style={{ fontSize: 14 }} /> },
        replyTime: { render: (r) => time(r.replyTime) },
      },
      append: [{ title: 'portalManage.feedback.time', dataIndex: 'createTime', width: 170, render: (r) => time(r.createTime) }],
      extraActions: [
        { key: 'answer', label: 'portalManage.feedback.answer', placement: 'row', permission: 'portal_feedback_edit', icon: <MessageOutlined />, onClick: ({ row }) => setAnswering(row as unknown as Feedback) },
      ],
    }),
  );
  return (
    <div className="pm-page" data-testid="pm-feedback">
      <ResourceList resource={resource} actionRef={actionRef} />
      <AnswerDialog
        row={answering}
        onClose={() => setAnswering(null)}
        onDone={() => {
          setAnswering(null);
          actionRef.current?.reload();
        }}
      />
    </div>
  );
}

function AnswerDialog({ row, onClose, onDone }: { row: Feedback | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reply: string }>();
  const [busy, setBusy] = useState(false);
  const f = (k: string) => t(`model.serviceFeedback.fields.${k}`);
  return (
    <Modal
      open={!!row}
      width={640}
      title={t('portalManage.feedback.answerTitle')}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={busy}
      okText={t('portalManage.feedback.send')}
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          const { serviceId, rating, content, contactPhone } = row!;
          await feedbackApi.submit({ id: row!.id, serviceId, rating, content, contactPhone, reply: v.reply.trim() });
          message.success(t('portalManage.feedback.answered'));
          onDone();
        } finally {
          setBusy(false);
        }
      }}
    >
      {row && (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} styles={{ label: { width: 110 } }}>
            <Descriptions.Item label={f('serviceId')}><ServiceName id={row.serviceId} name={serviceNameOf(row)} /></Descriptions.Item>
            <Descriptions.Item label={f('rating')}><Rate disabled value={Number(row.rating)} style={{ fontSize: 14 }} /></Descriptions.Item>
            <Descriptions.Item label={f('content')}>{row.content}</Descriptions.Item>
            {row.contactPhone && <Descriptions.Item label={f('contactPhone')}>{row.contactPhone}</Descriptions.Item>}
          </Descriptions>
          <Form form={form} layout="vertical" preserve={false} initialValues={{ reply: row.reply ?? '' }}>
            <Form.Item name="reply" label={f('reply')} rules={[{ required: true, whitespace: true, message: t('portalManage.feedback.replyRequired') }, { max: 1000, message: t('portalManage.tooLong', { n: 1000 }) }]}>
              <Input.TextArea rows={4} showCount maxLength={1000} className="pm-reply" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
