// How uploads and downloads show their progress (issue 13), one way everywhere: TransferBar is an
// antd Progress with the bytes (a spinner and the bytes received when the size is not known, an
// active full bar while the server works on what was sent); useTransfer runs one transfer for a
// screen that shows the bar itself and disables its button meanwhile; withProgressCard shows the bar
// in a corner card for a transfer started from a toolbar or a menu that has no room of its own.
import { useCallback, useRef, useState, type CSSProperties } from 'react';
import { Progress, Spin, Typography, notification } from 'antd';
import { CloudDownloadOutlined, CloudUploadOutlined } from '@ant-design/icons';
import i18n from '../i18n';
import { percentOf, type OnTransfer, type Transfer } from '../api/transfer';

export type { OnTransfer, Transfer } from '../api/transfer';

/** "1.2 MB", "640 KB", "12 B" */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

/** The line under the bar: what is happening and how many bytes of how many. */
export function transferText(t: Transfer): string {
  if (t.phase === 'server') return i18n.t('transfer.server');
  const bytes = t.total ? i18n.t('transfer.of', { loaded: formatBytes(t.loaded), total: formatBytes(t.total) }) : formatBytes(t.loaded);
  return i18n.t(t.phase === 'upload' ? 'transfer.uploading' : 'transfer.downloading', { bytes });
}

/** The progress of one transfer; nothing when there is none. */
export function TransferBar({ transfer, style }: { transfer: Transfer | null | undefined; style?: CSSProperties }) {
  if (!transfer) return null;
  const percent = percentOf(transfer);
  const text = transferText(transfer);
  return (
    <div className="transfer-progress" data-phase={transfer.phase} style={style}>
      {percent === undefined ? (
        <Spin size="small" />
      ) : (
        <Progress
          percent={transfer.phase === 'server' ? 100 : percent}
          status="active"
          size="small"
          showInfo={transfer.phase !== 'server'}
          aria-label={text}
        />
      )}
      <Typography.Text type="secondary" className="transfer-progress-text">
        {text}
      </Typography.Text>
    </div>
  );
}

/**
 * One transfer at a time for a screen: `transfer` while it runs (show it with TransferBar, disable
 * the button with `busy`), `run(fn)` starts it; a second run while one is going is ignored.
 */
export function useTransfer(): {
  transfer: Transfer | null;
  busy: boolean;
  run<T>(fn: (onProgress: OnTransfer) => Promise<T>, phase?: Transfer['phase']): Promise<T | undefined>;
} {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const going = useRef(false);
  const run = useCallback(async <T,>(fn: (onProgress: OnTransfer) => Promise<T>, phase: Transfer['phase'] = 'upload'): Promise<T | undefined> => {
    if (going.current) return undefined;
    going.current = true;
    setTransfer({ phase, loaded: 0 });
    try {
      return await fn((t) => setTransfer(t));
    } finally {
      going.current = false;
      setTransfer(null);
    }
  }, []);
  return { transfer, busy: transfer !== null, run };
}

let cards = 0;
/** A card shows only for a transfer still running after this long: a quick one does not flash. */
const CARD_DELAY_MS = 300;

/**
 * Runs a transfer started where there is no room for a bar (a toolbar button, a row link, an
 * editor's image button) and shows its progress in a card at the bottom right, titled `title`
 * (the file's name), until it ends.
 */
export async function withProgressCard<T>(title: string, fn: (onProgress: OnTransfer) => Promise<T>, phase: Transfer['phase'] = 'upload'): Promise<T> {
  const key = `transfer-${++cards}`;
  let last: Transfer = { phase, loaded: 0 };
  let shown = false;
  let done = false;
  const show = () => {
    if (done) return;
    shown = true;
    notification.open({
      key,
      className: 'transfer-card',
      icon: last.phase === 'download' ? <CloudDownloadOutlined style={{ color: 'var(--primary, #409EFF)' }} /> : <CloudUploadOutlined style={{ color: 'var(--primary, #409EFF)' }} />,
      message: <span className="transfer-card-title">{title}</span>,
      description: <TransferBar transfer={last} />,
      placement: 'bottomRight',
      duration: 0,
      closeIcon: false,
    });
  };
  const timer = setTimeout(show, CARD_DELAY_MS);
  let frame = 0;
  try {
    return await fn((t) => {
      last = t;
      // progress events come every few milliseconds: the card is redrawn at most once a frame
      if (shown && !frame) frame = requestAnimationFrame(() => { frame = 0; show(); });
    });
  } finally {
    done = true;
    clearTimeout(timer);
    if (frame) cancelAnimationFrame(frame);
    if (shown) notification.destroy(key);
  }
}
