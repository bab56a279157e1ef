// The p parameter of the start and detail routes (spec 000 §2.2): base64 of a JSON object, or for
// the new-window detail link base64 of a bare processInsId.
export interface RouteParams {
  taskId?: string;
  processInsId?: string;
  processId?: string;
  processDefKey?: string;
  modelType?: number;
  /** a draft of 草稿箱 opened back into the start page */
  draftId?: string;
  /** the portal service this start comes from (§4): the server checks its validity and audience */
  serviceId?: string;
}

export function encodeParams(p: RouteParams): string {
  const clean = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return btoa(unescape(encodeURIComponent(JSON.stringify(clean))));
}

export function decodeParams(text: string | undefined): RouteParams | null {
  if (!text) return null;
  try {
    const b64 = decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/');
    const raw = decodeURIComponent(escape(atob(b64)));
    const s = raw.trim();
    if (s.startsWith('{')) return JSON.parse(s) as RouteParams;
    if (/^\d+$/.test(s)) return { processInsId: s };
    return null;
  } catch {
    return null;
  }
}

/**
 * The p of a start or detail route: /workflow/process/{start|detail}/{p} (base64 may hold '/'),
 * /page/..., the portal's /portal/process/{p} and /portal/process/detail/{p}, or the query p of the
 * external-form routes /workflow/process/external/{name}/{start|detail}?p= (spec 000 §2.2).
 */
export function paramsOf(pathname: string, marker: string, search = ''): RouteParams | null {
  const q = new URLSearchParams(search).get('p');
  if (/\/workflow\/process\/external\/[^/]+\/(start|detail)$/.test(pathname)) return decodeParams(q ?? undefined);
  const at = pathname.indexOf(marker);
  if (at >= 0) return decodeParams(pathname.slice(at + marker.length));
  const kind = marker.includes('detail') ? 'detail' : 'start';
  const portal = kind === 'detail' ? '/portal/process/detail/' : '/portal/process/';
  if (pathname.startsWith(portal)) return decodeParams(pathname.slice(portal.length));
  return q ? decodeParams(q) : null;
}

/** How a start or detail page was opened (spec 000 §2.2, §4): from the portal in a new window, and how. */
export interface OpenMode {
  /** no admin layout: /page/..., /portal/... */
  bare: boolean;
  portal: boolean;
  /** close the window after success */
  closePage: boolean;
  /** 1 pushed route, 2 replaced window, 3 new window */
  openWay: string;
}
export function openModeOf(pathname: string, search: string): OpenMode {
  const q = new URLSearchParams(search);
  const portal = pathname.startsWith('/portal/') || q.get('isPortal') === 'true';
  return { bare: pathname.startsWith('/page/') || pathname.startsWith('/portal/'), portal, closePage: q.get('isClosePage') === 'true', openWay: q.get('openWay') ?? '1' };
}

/** Processes whose form key starts with wf_ex_ use an external form (§2.2). */
export const EXTERNAL_PREFIX = 'wf_ex_';
export const isExternal = (formKey?: string | null) => !!formKey && formKey.startsWith(EXTERNAL_PREFIX);

/**
 * Where a start or detail of a row goes: the configured form URL with query p, or
 * /workflow/process/external/{name}/{start|detail}?p= for an external form; else the built-in page.
 * An address starting with http is returned as `url` (opened by the browser, not the router).
 */
export function targetOf(kind: 'start' | 'detail', row: { formKey?: string | null; formUrl?: string | null }, p: RouteParams, page = false): { path?: string; url?: string } {
  const enc = encodeParams(p);
  if (isExternal(row.formKey)) {
    if (row.formUrl) {
      const sep = row.formUrl.includes('?') ? '&' : '?';
      const addr = `${row.formUrl}${sep}p=${encodeURIComponent(enc)}`;
      return /^https?:/i.test(row.formUrl) ? { url: addr } : { path: addr.replace(/^#/, '') };
    }
    return { path: `/workflow/process/external/${encodeURIComponent(row.formKey!.slice(EXTERNAL_PREFIX.length))}/${kind}?p=${encodeURIComponent(enc)}` };
  }
  return { path: `${page ? '/page' : ''}/workflow/process/${kind}/${enc}` };
}

export const detailPath = (row: { taskId?: string | null; processInstanceId: string; processId?: string; processDefKey?: string; modelType?: number }, page = false) =>
  `${page ? '/page' : ''}/workflow/process/detail/${encodeParams({
    taskId: row.taskId ?? undefined,
    processInsId: row.processInstanceId,
    processId: row.processId,
    processDefKey: row.processDefKey,
    modelType: row.modelType,
  })}`;

export const startPath = (d: { processId: string; processDefKey: string; modelType?: number; draftId?: string }, page = false) =>
  `${page ? '/page' : ''}/workflow/process/start/${encodeParams({ processId: d.processId, processDefKey: d.processDefKey, modelType: d.modelType ?? 0, draftId: d.draftId })}`;
