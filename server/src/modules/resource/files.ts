// Upload rules of spec 000 §5: images, video, audio, documents and archives only, judged by the
// file's content (magic bytes, via file-type) as well as its name, so a renamed program is refused.

export const KINDS: Record<string, string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'mkv', 'webm', 'flv'],
  audio: ['mp3', 'wav', 'ogg', 'flac', 'aac', 'm4a'],
  document: ['doc', 'docx', 'ppt', 'pptx', 'pdf', 'xls', 'xlsx', 'txt'],
  archive: ['zip', '7z', 'tar', 'rar'],
};
export const ALLOWED_EXT = new Set(Object.values(KINDS).flat());

/** What the content may be detected as for each declared extension (file-type's names). */
const CONTENT: Record<string, string[]> = {
  jpg: ['jpg'], jpeg: ['jpg'], png: ['png'], gif: ['gif'], bmp: ['bmp'], webp: ['webp'], svg: ['<svg'],
  mp4: ['mp4', 'm4v', 'mov'], avi: ['avi'], mov: ['mov', 'mp4'], wmv: ['asf'], mkv: ['mkv'], webm: ['webm'], flv: ['flv'],
  mp3: ['mp3'], wav: ['wav'], ogg: ['ogg', 'oga', 'opus'], flac: ['flac'], aac: ['aac'], m4a: ['m4a', 'mp4'],
  doc: ['cfb'], xls: ['cfb'], ppt: ['cfb'], docx: ['docx', 'zip'], xlsx: ['xlsx', 'zip'], pptx: ['pptx', 'zip'], pdf: ['pdf'], txt: ['<text'],
  zip: ['zip', 'docx', 'xlsx', 'pptx', 'jar', 'epub'], '7z': ['7z'], tar: ['tar'], rar: ['rar'],
};

export type Verdict = { ok: true } | { ok: false; reason: 'illegal' | 'notAllowed' };

/** Expands `accept` (kinds like image or extensions like png, comma separated) into extensions. */
export function acceptList(accept: string | undefined): string[] | null {
  if (!accept) return null;
  const out = accept.split(/[,\s]+/).map((a) => a.trim().toLowerCase().replace(/^\./, '')).filter(Boolean).flatMap((a) => KINDS[a] ?? [a]);
  return out.length ? [...new Set(out)] : null;
}

export async function judge(fileName: string, head: Buffer, accept: string[] | null): Promise<Verdict> {
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  if (!fileName.includes('.') || !ALLOWED_EXT.has(ext)) return { ok: false, reason: 'illegal' };
  if (accept && !accept.includes(ext)) return { ok: false, reason: 'notAllowed' };
  // loaded with the first upload (its signature tables are large; most requests upload nothing)
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(head))?.ext as string | undefined;
  const want = CONTENT[ext] ?? [];
  if (detected) return want.includes(detected) ? { ok: true } : { ok: false, reason: 'illegal' };
  // no binary signature: only text kinds may be like that
  if (head.includes(0)) return { ok: false, reason: 'illegal' };
  const text = head.toString('utf8');
  if (want.includes('<svg')) return /<svg[\s>]/i.test(text) ? { ok: true } : { ok: false, reason: 'illegal' };
  if (want.includes('<text')) return { ok: true };
  // formats file-type cannot always see (e.g. raw aac, short mp3 without ID3): refuse rather than guess
  return { ok: false, reason: 'illegal' };
}
