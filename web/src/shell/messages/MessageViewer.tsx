// The view dialog: title, sender, time and content of the open message, and its business link.
import { Button, Descriptions, Modal, Spin } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openBizLink } from './actions';
import { RichText } from './RichText';
import { TypeTag } from './labels';
import { useMessages } from './store';

export function MessageViewer() {
  const { t } = useTranslation();
  const viewing = useMessages((s) => s.viewing);
  const close = () => useMessages.getState().setViewing(null);
  // the optimistic copy (from a list or a push) may lack the content until detail answers
  const loading = !!viewing && viewing.content === undefined;
  return (
    <Modal
      open={!!viewing}
      title={<span className="msg-view-title">{viewing?.title}</span>}
      width={720}
      onCancel={close}
      className="msg-view"
      destroyOnHidden
      footer={[
        <Button key="biz" type="primary" icon={<LinkOutlined />} onClick={() => openBizLink(viewing?.pcUrl)}>
          {t('msg.handle')}
        </Button>,
        <Button key="close" onClick={close}>
          {t('msg.close')}
        </Button>,
      ]}
    >
      {viewing && (
        <>
          <Descriptions size="small" column={3} className="msg-view-meta">
            <Descriptions.Item label={t('msg.sender')}>{viewing.createUserName || t('msg.system')}</Descriptions.Item>
            <Descriptions.Item label={t('msg.time')}>{viewing.createTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('msg.typeLabel')}>
              <TypeTag type={viewing.type} />
            </Descriptions.Item>
          </Descriptions>
          <div className="msg-view-content">{loading ? <Spin size="small" /> : <RichText html={viewing.content} />}</div>
        </>
      )}
    </Modal>
  );
}
