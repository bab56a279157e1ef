// One language's labels: the shared file and every area's i18n/areas/<area>.<lang>.json, merged,
// so screens of different areas never edit the same file. labels.zh.ts and labels.en.ts build
// one chunk per language, and only the reader's language is downloaded before the first render.
export type Tree = { [k: string]: string | Tree };

const merge = (into: Tree, from: Tree): Tree => {
  for (const [k, v] of Object.entries(from)) {
    into[k] = typeof v === 'object' && typeof into[k] === 'object' ? merge({ ...(into[k] as Tree) }, v) : v;
  }
  return into;
};

export function mergeLabels(base: Tree, areas: Record<string, Tree>): Tree {
  let out: Tree = { ...base };
  for (const path of Object.keys(areas).sort()) out = merge(out, areas[path]);
  return out;
}
