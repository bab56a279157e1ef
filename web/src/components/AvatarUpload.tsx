import { Avatar, Progress, Upload, message } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { putFile } from '../api/system';
import { website } from '../website';
import { percentOf } from '../api/transfer';
import { transferText, useTransfer } from './transfer';

interface Props {
  value?: string;
  onChange?: (link: string) => void;
  size?: number;
}

/** Avatar picker: JPG/PNG only, at most 500 KB, uploaded to object storage (a ring over the picture shows how far); the value is the link. */
export function AvatarUpload({ value, onChange, size = 96 }: Props) {
  const { t } = useTranslation();
  const upload = useTransfer();

  const check = (file: File): boolean => {
    if (!['image/jpeg', 'image/png'].includes(file.type)) {
      message.error(t('info.avatarType'));
      return false;
    }
    if (file.size / 1024 > website.avatarMaxKb) {
      message.error(t('info.avatarSize'));
      return false;
    }
    return true;
  };

  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={(file) => (check(file) ? true : Upload.LIST_IGNORE)}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const res = await upload.run((onProgress) => putFile(file as File, undefined, { onProgress }));
          if (!res) return;
          onChange?.(res.link);
          onSuccess?.(res);
        } catch (e) {
          onError?.(e as Error);
        }
      }}
    >
      <div className="avatar-upload" style={{ width: size, height: size }} title={upload.transfer ? transferText(upload.transfer) : t('info.upload')}>
        <Avatar size={size} src={value || undefined} icon={<UserOutlined />} />
        {upload.transfer ? (
          <span className="avatar-upload-progress" data-phase={upload.transfer.phase}>
            <Progress type="circle" size={Math.round(size * 0.7)} percent={percentOf(upload.transfer) ?? 0} status="active" strokeColor="#fff" trailColor="rgba(255,255,255,0.3)" format={(p) => <span style={{ color: '#fff' }}>{p}%</span>} />
          </span>
        ) : (
          <span className="avatar-upload-mask">
            <CameraOutlined />
          </span>
        )}
      </div>
    </Upload>
  );
}
