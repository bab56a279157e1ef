// Users to and from Excel: export of the list, the import template, and an import dialog that
// reports what was created, updated, skipped and why rows were refused.
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Switch, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http, request } from '../../api/request';
import { saveBlob as save } from '../../api/download';

interface ImportResult { created: number; updated: number; skipped: number; errors: string[] }


export async function exportUsers(filters: Record<string, string | undefined>, name: string): Promise<void> {
  save(await request<Blob>({ url: '/api/blade-system/user/export-user', method: 'get', params: filters, responseType: 'blob' }), name);
}

export function UserImportDialog({ open, onClose }: { open: boolean; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [covered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => { setFile(null); setResult(null); onClose(!!result && result.created + result.updated > 0); };
  const run = async () => {
    if (!file?.originFileObj) { message.warning(t('userExcel.chooseFile')); return; }
    const form = new FormData();
    form.append('file', file.originFileObj);
    setBusy(true);
    try {
      setResult(await http.post<ImportResult>('/api/blade-system/user/import-user', form, { params: { isCovered: covered ? 1 : 0 } }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('userExcel.importTitle')} onCancel={close} width={560}
      footer={result ? <Button type="primary" onClick={close}>{t('userExcel.done')}</Button> : (
        <Space>
          <Button icon={<DownloadOutlined />} onClick={async () => save(await request<Blob>({ url: '/api/blade-system/user/export-template', method: 'get', responseType: 'blob' }), t('userExcel.templateName'))}>{t('userExcel.template')}</Button>
          <Button onClick={close}>{t('userExcel.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={run}>{t('userExcel.import')}</Button>
        </Space>
      )}>
      {result ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type={result.errors.length ? 'warning' : 'success'} showIcon message={t('userExcel.summary', { created: result.created, updated: result.updated, skipped: result.skipped })} />
          {result.errors.map((e) => <Typography.Text key={e} type="danger">{e}</Typography.Text>)}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Upload.Dragger accept=".xlsx" maxCount={1} fileList={file ? [file] : []} beforeUpload={() => false} onChange={({ fileList }) => setFile(fileList.at(-1) ?? null)}>
            <p className="ant-upload-drag-icon"><InboxOutlined /></p>
            <p className="ant-upload-text">{t('userExcel.drop')}</p>
            <p className="ant-upload-hint">{t('userExcel.hint')}</p>
          </Upload.Dragger>
          <Space><Switch checked={covered} onChange={setCovered} /><span>{t('userExcel.covered')}</span></Space>
        </Space>
      )}
    </Modal>
  );
}
