// The placeholders an export template's cells may hold for an app's fields (001 §7.1 appTemplateFiles):
// a main field as ${field}, a child model's field as ${<sub-table prop>.<field>}.
import type { FormColumn } from '@campus/schema';

/** The placeholders of the app's fields: main ${field}, child ${<sub-table>.<field>}. */
export function placeholdersOf(columns: FormColumn[]): { placeholder: string; label: string; child?: string }[] {
  const out: { placeholder: string; label: string; child?: string }[] = [];
  for (const c of columns) {
    if (!c.prop || c.type === 'divider' || c.type === 'title') continue;
    if (c.type === 'dynamic') {
      for (const x of c.children?.column ?? []) if (x.prop) out.push({ placeholder: `\${${c.prop}.${x.prop}}`, label: x.label || x.prop, child: c.label || c.prop });
    } else out.push({ placeholder: `\${${c.prop}}`, label: c.label || c.prop });
  }
  return out;
}

