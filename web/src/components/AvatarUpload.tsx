import { useState } from 'react';
import { Avatar, Spin, Upload, message } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { putFile } from '../api/system';
import { website } from '../website';

interface Props {
  value?: string;
  onChange?: (link: string) => void;
  size?: number;
}

/** Avatar picker: JPG/PNG only, at most 500 KB, uploaded to object storage; the value is the link. */
export function AvatarUpload({ value, onChange, size = 96 }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
        setBusy(true);
        try {
          const res = await putFile(file as File);
          onChange?.(res.link);
          onSuccess?.(res);
        } catch (e) {
          onError?.(e as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="avatar-upload" style={{ width: size, height: size }} title={t('info.upload')}>
        <Spin spinning={busy}>
          <Avatar size={size} src={value || undefined} icon={<UserOutlined />} />
        </Spin>
        <span className="avatar-upload-mask">
          <CameraOutlined />
        </span>
      </div>
    </Upload>
  );
}
