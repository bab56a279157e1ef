// Upload checks of a designed upload field (spec 000 §5 "Upload"): the kinds allowed anywhere, the
// control's own accepted types, the count and the size. The web checks a file before sending it
// (checkUpload answers an i18n key of fr.upload); validate.ts checks the submitted list the same way.

const KINDS: Record<string, string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm', 'mpeg', 'mpg', '3gp'],
  audio: ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a', 'wma', 'amr'],
  document: ['doc', 'docx', 'ppt', 'pptx', 'pdf', 'xls', 'xlsx', 'txt'],
  archive: ['zip', '7z', 'tar', 'rar'],
};
const ALLOWED = new Set(Object.values(KINDS).flat());
const MIME_KIND: Record<string, string> = { image: 'image', video: 'video', audio: 'audio' };

export const extOf = (name: string): string => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** The accepted types of a control ("image/*,.pdf") as a list of tokens. */
export const acceptList = (accept: string | undefined): string[] =>
  (accept ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);

/** Whether a file matches one token of an accept list: ".pdf", "pdf", "image/*" or "image/png". */
function matches(token: string, name: string, mime: string): boolean {
  const ext = extOf(name);
  if (token.includes('/')) {
    if (token.endsWith('/*')) {
      const group = token.slice(0, -2);
      return mime.toLowerCase().startsWith(`${group}/`) || (KINDS[MIME_KIND[group] ?? ''] ?? []).includes(ext);
    }
    return mime.toLowerCase() === token;
  }
  return ext === token.replace(/^\./, '');
}

export interface UploadRefusal {
  /** i18n key under fr.upload */
  key: 'illegal' | 'only' | 'limit' | 'tooLarge';
  values?: Record<string, string | number>;
}

export interface UploadLimits {
  accept?: string;
  /** image fields accept images only */
  imageOnly?: boolean;
  limit?: number;
  /** MB */
  fileSize?: number;
}

/**
 * Checks a file before it is sent: count first (上传失败！最多允许上传N个文件), then the kinds
 * allowed anywhere (请勿上传非法文件！), the control's types (仅允许上传 …) and the size (上传文件超出).
 */
export function checkUpload(file: { name: string; type?: string; size: number }, already: number, limits: UploadLimits): UploadRefusal | null {
  if (limits.limit && already >= limits.limit) return { key: 'limit', values: { n: limits.limit } };
  return kindRefusal(file, limits) ?? sizeRefusal(file, limits);
}

/** The type checks alone: a kind allowed anywhere, then the control's own accepted types. */
export function kindRefusal(file: { name: string; type?: string }, limits: UploadLimits): UploadRefusal | null {
  const ext = extOf(file.name);
  if (!ALLOWED.has(ext)) return { key: 'illegal' };
  const tokens = acceptList(limits.accept ?? (limits.imageOnly ? 'image/*' : ''));
  if (limits.imageOnly && !tokens.includes('image/*') && !KINDS.image.includes(ext)) return { key: 'only', values: { kinds: tokens.join(', ') || 'image/*' } };
  if (tokens.length && !tokens.some((tok) => matches(tok, file.name, file.type ?? ''))) return { key: 'only', values: { kinds: tokens.join(', ') } };
  return null;
}

/** The size check alone (fileSize in MB). */
export function sizeRefusal(file: { size: number }, limits: UploadLimits): UploadRefusal | null {
  if (limits.fileSize && file.size > limits.fileSize * 1024 * 1024) return { key: 'tooLarge', values: { size: limits.fileSize } };
  return null;
}

export const isImageName = (name: string): boolean => KINDS.image.includes(extOf(name));
