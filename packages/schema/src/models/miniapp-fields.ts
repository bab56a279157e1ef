// Field definitions the micro-app models share (miniapp.ts, miniapp-config.ts, miniapp-excel.ts):
// the app a row belongs to, the enabled / disabled status, the display order, and the name and type
// of a template (print and export templates).

/** The app a row belongs to: chosen by the screen (not a form field), filtered by equality. */
export const APP_ID_FIELD = { type: 'id', label: ['微应用', 'Micro-app'], required: true, requiredMessage: ['请选择微应用', 'Please choose the micro-app'], filter: 'equal', ui: { hideInTable: true, form: false } } as const;

/** 状态: 0 停用 / 1 启用 (the default). */
export const STATUS_FIELD = { type: 'int', label: ['状态', 'Status'], required: true, default: 1, filter: 'equal', options: [{ value: 0, label: ['停用', 'Disabled'] }, { value: 1, label: ['启用', 'Enabled'], color: 'green' }], ui: { width: 80, span: 12, form: 'radio' } } as const;

/** 排序: the display order, 0 to 99999. */
export const SORT_FIELD = { type: 'int', label: ['排序', 'Order'], required: true, default: 1, min: 0, max: 99999, sortable: true, ui: { width: 80, span: 12 } } as const;

/** 模板名称 of a print or export template. */
export const TEMPLATE_NAME_FIELD = { type: 'string', label: ['模板名称', 'Template name'], length: 64, required: true, requiredMessage: ['请输入模板名称', 'Please enter the template name'], filter: 'like', ui: { width: 180, span: 12 } } as const;

/** 模板类型 of a print or export template, without its options ('list' / 'form', each model in its own order). */
export const TEMPLATE_TYPE_FIELD = { type: 'string', label: ['模板类型', 'Template type'], length: 8, required: true, requiredMessage: ['请选择模板类型', 'Please choose the template type'], filter: 'equal', ui: { width: 100, span: 12, form: 'radio' } } as const;
