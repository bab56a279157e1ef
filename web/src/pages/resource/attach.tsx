import { Image, Space, Typography, message } from 'antd';
import { DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { attachModel } from '@campus/schema';
import { ResourceList, type ResourceColumn } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { attachApi, downloadAttach, type Attach } from '../../api/admin';
import { putFile } from '../../api/system';
import { saveBlob } from '../../api/download';
import { withProgressCard } from '../../components/transfer';
import i18n from '../../i18n';

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg']);
const isImage = (row: Record<string, unknown>) => IMAGE.has(String(row.extension ?? '').toLowerCase());

function size(bytes: unknown): string {
  const n = Number(bytes ?? 0);
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Picks one file and posts it to put-file, its progress in a corner card; the server's refusal
 * (请勿上传非法文件！) shows as the toast.
 */
function pickAndUpload(done: () => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.onchange = async () => {
    const file = input.files?.[0];
    if (!file) return;
    await withProgressCard(file.name, (onProgress) => putFile(file, undefined, { onProgress }));
    message.success(i18n.t('attach.uploaded'));
    done();
  };
  input.click();
}

/** The row's file under its original name, its progress in a corner card (the row's link waits meanwhile). */
async function download(row: Record<string, unknown>) {
  const name = String(row.originalName ?? row.name ?? 'file');
  saveBlob(await withProgressCard(name, (onProgress) => downloadAttach(String(row.id), onProgress), 'download'), name);
}

/** The thumbnail of an image, else a file icon (before the model's columns). */
const preview: ResourceColumn<Attach> = {
  title: 'attach.preview',
  dataIndex: 'link',
  width: 80,
  render: (row) =>
    isImage(row) ? (
      <Image src={String(row.link)} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
    ) : (
      <FileOutlined style={{ fontSize: 28, color: '#8c8c8c' }} />
    ),
};

// the columns and search fields come from the model (@campus/schema attachModel); files come in
// through put-file (the upload action), so the screen has no add / edit form
const described = modelResource(attachModel, attachApi, {
  sort: { descs: 'create_time' },
  permissions: { delete: 'attach_delete', view: 'attach_view' },
  fields: {
    attachSize: { render: (row) => size(row.attachSize) },
    name: {
      render: (row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable>{String(row.name ?? '')}</Typography.Text>
          <Typography.Link href={String(row.link)} target="_blank" rel="noreferrer">
            {String(row.link)}
          </Typography.Link>
        </Space>
      ),
    },
  },
  append: [{ title: 'common.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 }],
  extraActions: [
    {
      key: 'upload',
      label: 'attach.upload',
      permission: 'attach_upload',
      placement: 'toolbar',
      icon: <UploadOutlined />,
      onClick: ({ reload }) => pickAndUpload(reload),
    },
    {
      key: 'download',
      label: 'attach.download',
      permission: 'attach_download',
      placement: 'row',
      icon: <DownloadOutlined />,
      onClick: ({ row }) => download(row!),
    },
  ],
});
const resource = { ...described, columns: [preview, ...described.columns] };

export default function AttachPage() {
  return <ResourceList resource={resource} />;
}
