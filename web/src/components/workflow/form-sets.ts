// The workflow design sets a form uses (spec 000 §7 /design/form/theme, /variable, /default-values):
// what their stored `content` means, read defensively, and how a form applies them. Pure module
// (no React), importable from node tests.
//
// Theme (wf_form_theme.content), a JSON object; every key optional:
//   { "labelPosition": "top" | "left" | "right",  where labels sit (default top)
//     "labelWidth": 40..400,                       label width in px when labels sit beside fields (default 110)
//     "size": "small" | "middle" | "large",        control size
//     "columns": 1 | 2 | 3 | 4,                    fields per row (a field's own width still wins)
//     "gutter": 0..64,                              gap between fields in px
//     "primaryColor": "#1677ff" }                  accent of the form's controls, buttons and headings
// A form that chooses a theme keeps a copy of it (option.theme, with its id and name), so start and
// detail pages need no design call; the form's own layout settings, when set, win over the theme.
//
// Variable (wf_form_variable): prop (a name), content (its value: text, which may use the built-in
// ${user.…} / ${date} names of form-template.ts). A default value uses it as ${prop}; the form keeps
// a copy of the variables its defaults use (option.variables {prop: value}).
//
// Default values (wf_form_default_values.content), a JSON object {prop: value}: applying the set in
// the designer writes each value as the default of the field with that prop ("sub.prop" for a column
// of the sub-table "sub"). Values may be any JSON (texts may hold ${...} templates).
import type { FormColumn, FormOption, FormSize, FormTheme, FormThemeRef, LabelPosition } from '@campus/schema';

export type { FormSize, FormTheme, FormThemeRef, LabelPosition };

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const THEME_LIMITS = { labelWidth: [40, 400], gutter: [0, 64] } as const;
const POSITIONS: LabelPosition[] = ['top', 'left', 'right'];
const SIZES: FormSize[] = ['small', 'middle', 'large'];

/** A JSON text (or an object already) as an object; null when it is neither. */
export function jsonObject(content: unknown): Record<string, unknown> | null {
  let v = content;
  if (typeof v === 'string') {
    if (!v.trim()) return null;
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** What is wrong with a theme's content (keys of wfs.theme.problem.*); empty when it is usable. */
export function themeProblems(content: unknown): string[] {
  const o = jsonObject(content);
  if (!o) return ['notObject'];
  const out: string[] = [];
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (o.labelPosition !== undefined && !POSITIONS.includes(o.labelPosition as LabelPosition)) out.push('labelPosition');
  if (o.labelWidth !== undefined && !(num(o.labelWidth) && (o.labelWidth as number) >= THEME_LIMITS.labelWidth[0] && (o.labelWidth as number) <= THEME_LIMITS.labelWidth[1])) out.push('labelWidth');
  if (o.size !== undefined && !SIZES.includes(o.size as FormSize)) out.push('size');
  if (o.columns !== undefined && ![1, 2, 3, 4].includes(o.columns as number)) out.push('columns');
  if (o.gutter !== undefined && !(num(o.gutter) && (o.gutter as number) >= THEME_LIMITS.gutter[0] && (o.gutter as number) <= THEME_LIMITS.gutter[1])) out.push('gutter');
  if (o.primaryColor !== undefined && !(typeof o.primaryColor === 'string' && HEX_COLOR.test(o.primaryColor))) out.push('primaryColor');
  return out;
}

/** The usable part of a theme's content: unknown keys and out-of-range values are left out. */
export function parseTheme(content: unknown): FormTheme {
  const o = jsonObject(content) ?? {};
  const out: FormTheme = {};
  if (POSITIONS.includes(o.labelPosition as LabelPosition)) out.labelPosition = o.labelPosition as LabelPosition;
  const lw = Number(o.labelWidth);
  if (o.labelWidth !== undefined && lw >= THEME_LIMITS.labelWidth[0] && lw <= THEME_LIMITS.labelWidth[1]) out.labelWidth = lw;
  if (SIZES.includes(o.size as FormSize)) out.size = o.size as FormSize;
  if ([1, 2, 3, 4].includes(Number(o.columns))) out.columns = Number(o.columns) as FormTheme['columns'];
  const g = Number(o.gutter);
  if (o.gutter !== undefined && g >= THEME_LIMITS.gutter[0] && g <= THEME_LIMITS.gutter[1]) out.gutter = g;
  if (typeof o.primaryColor === 'string' && HEX_COLOR.test(o.primaryColor)) out.primaryColor = o.primaryColor;
  return out;
}

/** The layout a form is drawn with: its own settings, else its theme's, else the defaults. */
export interface FormLayout {
  labelPosition: LabelPosition;
  labelWidth: number;
  size?: FormSize;
  /** default width of a field out of 24 */
  span: number;
  gutter: number;
  primaryColor?: string;
}

export function layoutOf(option: FormOption | null | undefined): FormLayout {
  const theme = parseTheme(option?.theme ?? null);
  return {
    labelPosition: option?.labelPosition ?? theme.labelPosition ?? 'top',
    labelWidth: option?.labelWidth ?? theme.labelWidth ?? 110,
    size: option?.size ?? theme.size,
    span: option?.span ?? (theme.columns ? 24 / theme.columns : 12),
    gutter: option?.gutter ?? theme.gutter ?? 16,
    primaryColor: theme.primaryColor,
  };
}

// ---- variables -------------------------------------------------------------------------------

/** Names a variable may not take: the built-in template names (form-template.ts). */
export const RESERVED_VARIABLE_NAMES = new Set(['user', 'date', 'datetime', 'time', 'year', 'month', 'timestamp']);
export const VARIABLE_PROP = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The ${name} references of a text (trimmed names). */
export function templateNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(/\$\{\s*([^}]*?)\s*\}/g)].map((m) => m[1]!);
}

/** Every name the defaults of a form's columns (sub-table columns included) refer to. */
export function referencedNames(columns: FormColumn[] | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (cols: FormColumn[] | undefined) => {
    for (const c of cols ?? []) {
      for (const n of templateNames(c.value)) out.add(n);
      walk(c.children?.column);
    }
  };
  walk(columns);
  return out;
}

/** The variables a form keeps: only those its defaults refer to. */
export function usedVariables(variables: Record<string, string> | undefined, columns: FormColumn[] | undefined): Record<string, string> | undefined {
  if (!variables) return undefined;
  const used = referencedNames(columns);
  const kept = Object.fromEntries(Object.entries(variables).filter(([k]) => used.has(k)));
  return Object.keys(kept).length ? kept : undefined;
}

/** Appends ${prop} to a default value (text); a non-text default is replaced. */
export function insertVariable(value: unknown, prop: string): string {
  const ref = `\${${prop}}`;
  return typeof value === 'string' && value ? `${value}${ref}` : ref;
}

// ---- default values --------------------------------------------------------------------------

/** A default-value set's content as {prop: value}; null when it is not a JSON object. */
export function parseDefaultValues(content: unknown): Record<string, unknown> | null {
  return jsonObject(content);
}

/** Keys of a default-value set that cannot name a field ("prop" or "sub.prop"). */
export function badDefaultKeys(values: Record<string, unknown>): string[] {
  return Object.keys(values).filter((k) => !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/.test(k));
}

/**
 * Writes a default-value set into columns: each key naming a field (or "sub.column") becomes that
 * field's default. Answers the new columns, the keys used and the keys no field has.
 */
export function applyDefaultValues<C extends FormColumn>(columns: C[], values: Record<string, unknown>): { columns: C[]; applied: string[]; unknown: string[] } {
  const applied: string[] = [];
  const out = columns.map((c) => {
    let next = c;
    if (Object.prototype.hasOwnProperty.call(values, c.prop) && c.type !== 'dynamic' && c.type !== 'divider') {
      next = { ...next, value: values[c.prop] };
      applied.push(c.prop);
    }
    const kids = c.children?.column;
    if (kids?.length) {
      const changed = kids.map((k) => {
        const key = `${c.prop}.${k.prop}`;
        if (!Object.prototype.hasOwnProperty.call(values, key)) return k;
        applied.push(key);
        return { ...k, value: values[key] };
      });
      next = { ...next, children: { ...next.children, column: changed } } as C;
    }
    return next;
  });
  return { columns: out, applied, unknown: Object.keys(values).filter((k) => !applied.includes(k)) };
}
