import { Image, Space, Typography, message } from 'antd';
import { DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { attachApi, downloadAttach, type Attach } from '../../api/admin';
import { putFile } from '../../api/system';
import i18n from '../../i18n';

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg']);
const isImage = (row: Record<string, unknown>) => IMAGE.has(String(row.extension ?? '').toLowerCase());

function size(bytes: unknown): string {
  const n = Number(bytes ?? 0);
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Picks one file and posts it to put-file; the server's refusal (请勿上传非法文件！) shows as the toast. */
function pickAndUpload(done: () => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.onchange = async () => {
    const file = input.files?.[0];
    if (!file) return;
    const hide = message.loading(i18n.t('attach.uploading'), 0);
    try {
      await putFile(file);
      message.success(i18n.t('attach.uploaded'));
      done();
    } finally {
      hide();
    }
  };
  input.click();
}

async function download(row: Record<string, unknown>) {
  const blob = await downloadAttach(String(row.id));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = String(row.originalName ?? row.name ?? 'file');
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const resource: ResourceDescription<Attach> = {
  title: 'attach.title',
  api: attachApi,
  sort: { descs: 'create_time' },
  permissions: { delete: 'attach_delete', view: 'attach_view' },
  columns: [
    {
      title: 'attach.preview',
      dataIndex: 'link',
      width: 80,
      render: (row) =>
        isImage(row) ? (
          <Image src={String(row.link)} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <FileOutlined style={{ fontSize: 28, color: '#8c8c8c' }} />
        ),
    },
    { title: 'attach.originalName', dataIndex: 'originalName', search: 'like', ellipsis: true, width: 260 },
    { title: 'attach.extension', dataIndex: 'extension', search: 'equal', width: 90 },
    { title: 'attach.attachSize', dataIndex: 'attachSize', width: 100, sortable: true, render: (row) => size(row.attachSize) },
    {
      title: 'attach.name',
      dataIndex: 'name',
      hideInTable: true,
      render: (row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable>{String(row.name ?? '')}</Typography.Text>
          <Typography.Link href={String(row.link)} target="_blank" rel="noreferrer">
            {String(row.link)}
          </Typography.Link>
        </Space>
      ),
    },
    { title: 'common.createTime', dataIndex: 'createTime', search: 'daterange', sortable: true, width: 170 },
  ],
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
};

export default function AttachPage() {
  return <ResourceList resource={resource} />;
}
