// Users to and from Excel: export of the list, the import template, and an import dialog that
// reports what was created, updated, skipped and why rows were refused.
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Switch, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob as save } from '../../api/download';
import { receiveFile, sendForm } from '../../api/transfer';
import { TransferBar, useTransfer, withProgressCard } from '../../components/transfer';

interface ImportResult { created: number; updated: number; skipped: number; errors: string[] }

const EXPORT = '/api/blade-system/user/export-user';
const TEMPLATE = '/api/blade-system/user/export-template';

/** The users as xlsx, the download's progress in a corner card (the toolbar button waits meanwhile). */
export async function exportUsers(filters: Record<string, string | undefined>, name: string): Promise<void> {
  save(await withProgressCard(name, (onProgress) => receiveFile({ url: EXPORT, params: filters }, { onProgress }), 'download'), name);
}

/**
 * The import dialog: the file's upload shows its progress under the drop area, then that the
 * server works on it; a refusal (too large, too many rows, not an xlsx) stays in the dialog.
 */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [covered, setCovered] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [refusal, setRefusal] = useState('');
  const upload = useTransfer();
  const template = useTransfer();
  const close = () => {
    if (upload.busy) return;
    setFile(null);
    setResult(null);
    setRefusal('');
    onClose(!!result && result.created + result.updated > 0);
  };
  const run = async () => {
    if (!file?.originFileObj) { message.warning(t('userExcel.chooseFile')); return; }
    const form = new FormData();
    form.append('file', file.originFileObj);
    setRefusal('');
    try {
      const r = await upload.run((onProgress) => sendForm<ImportResult>('/api/blade-system/user/import-user', form, { params: { isCovered: covered ? 1 : 0 }, onProgress, silent: true }));
      if (r) setResult(r);
    } catch (e) {
      setRefusal((e as Error).message);
    }
  };
  const downloadTemplate = () => template.run(async (onProgress) => save(await receiveFile({ url: TEMPLATE }, { onProgress }), t('userExcel.templateName')), 'download');
  return (
    <Modal open={open} title={t('userExcel.importTitle')} onCancel={close} width={560} maskClosable={!upload.busy} closable={!upload.busy}
      footer={result ? <Button type="primary" onClick={close}>{t('userExcel.done')}</Button> : (
        <Space>
          <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void downloadTemplate().catch(() => undefined)}>{t('userExcel.template')}</Button>
          <Button onClick={close} disabled={upload.busy}>{t('userExcel.cancel')}</Button>
          <Button type="primary" loading={upload.busy} onClick={() => void run()}>{t('userExcel.import')}</Button>
        </Space>
      )}>
      {result ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type={result.errors.length ? 'warning' : 'success'} showIcon message={t('userExcel.summary', { created: result.created, updated: result.updated, skipped: result.skipped })} />
          {result.errors.map((e) => <Typography.Text key={e} type="danger">{e}</Typography.Text>)}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Upload.Dragger accept=".xlsx" maxCount={1} disabled={upload.busy} fileList={file ? [file] : []} beforeUpload={() => false}
            onChange={({ fileList }) => { setFile(fileList.at(-1) ?? null); setRefusal(''); }}>
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{t('userExcel.drop')}</p>
            <p className="ant-upload-hint">{t('userExcel.hint')}</p>
          </Upload.Dragger>
          <TransferBar transfer={upload.transfer ?? template.transfer} />
          {refusal && <Alert type="error" showIcon message={refusal} className="import-refusal" />}
          <Space><Switch checked={covered} onChange={setCovered} disabled={upload.busy} /><span>{t('userExcel.covered')}</span></Space>
        </Space>
      )}
    </Modal>
  );
}
