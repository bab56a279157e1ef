// An image of the portal (a slide, a precinct's picture, a logo): uploaded to object storage
// (put-file → data.link) or an address typed in; the value is the address. Spec 001 §5 carousel
// upload: png or jpeg, at most 10 MB; 上传失败； / 上传文件超出 10M.
import { Button, Image, Input, Space, Typography, Upload, message } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../../api/system';
import { TransferBar, useTransfer } from '../../../../components/transfer';

const TYPES = ['image/png', 'image/jpeg'];
const MAX_MB = 10;

export function ImageUpload({ id, value, onChange, width = 240, height = 120, fit = 'cover' }: { id?: string; value?: unknown; onChange?: (v: unknown) => void; width?: number; height?: number; fit?: 'cover' | 'contain' }) {
  const { t } = useTranslation();
  const upload = useTransfer();
  const link = typeof value === 'string' ? value : '';
  return (
    <div className="pm-image-upload" id={id}>
      <div className="pm-image-preview" style={{ width, height }}>
        {link ? <Image src={link} alt="" width={width} height={height} style={{ objectFit: fit }} /> : <PictureOutlined className="pm-image-empty" />}
      </div>
      <Space direction="vertical" size={6} style={{ flex: 1, minWidth: 0 }}>
        <Space wrap>
          <Upload
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!TYPES.includes(file.type)) {
                message.error(t('portalManage.image.type'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_MB * 1024 * 1024) {
                message.error(t('portalManage.image.tooLarge', { n: MAX_MB }));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const res = await upload.run((onProgress) => putFile(file as File, undefined, { onProgress }));
                if (!res) return;
                onChange?.(res.link);
                onSuccess?.(res);
              } catch (e) {
                message.error(t('portalManage.image.failed'));
                onError?.(e as Error);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.busy} className="pm-image-button">{t('portalManage.image.upload')}</Button>
          </Upload>
          {link && <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>{t('portalManage.image.clear')}</Button>}
        </Space>
        <Input allowClear value={link} placeholder={t('portalManage.image.address')} onChange={(e) => onChange?.(e.target.value)} style={{ maxWidth: 420 }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('portalManage.image.hint', { n: MAX_MB })}</Typography.Text>
        <TransferBar transfer={upload.transfer} style={{ maxWidth: 320 }} />
      </Space>
    </div>
  );
}
