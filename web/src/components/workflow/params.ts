// The p parameter of the start and detail routes (spec 000 §2.2): base64 of a JSON object, or for
// the new-window detail link base64 of a bare processInsId.
export interface RouteParams {
  taskId?: string;
  processInsId?: string;
  processId?: string;
  processDefKey?: string;
  modelType?: number;
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

/** The p of a route like /workflow/process/detail/{p} (base64 may hold '/'). */
export function paramsOf(pathname: string, marker: string): RouteParams | null {
  const at = pathname.indexOf(marker);
  if (at < 0) return null;
  return decodeParams(pathname.slice(at + marker.length));
}

export const detailPath = (row: { taskId?: string | null; processInstanceId: string; processId?: string; processDefKey?: string; modelType?: number }, page = false) =>
  `${page ? '/page' : ''}/workflow/process/detail/${encodeParams({
    taskId: row.taskId ?? undefined,
    processInsId: row.processInstanceId,
    processId: row.processId,
    processDefKey: row.processDefKey,
    modelType: row.modelType,
  })}`;

export const startPath = (d: { processId: string; processDefKey: string; modelType?: number }, page = false) =>
  `${page ? '/page' : ''}/workflow/process/start/${encodeParams({ processId: d.processId, processDefKey: d.processDefKey, modelType: d.modelType ?? 0 })}`;
