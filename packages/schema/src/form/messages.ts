// The validator's messages, zh and en, with {name} placeholders (the same texts on the page and in
// the server's 400 answer). The §5 wordings: {label}不能为空 / {label}必须上传 / {label}格式不匹配 and
// the sub-form ones.
export type Lang = 'zh' | 'en';

export const FORM_MESSAGES = {
  required: ['{label}不能为空', '{label} is required'],
  uploadRequired: ['{label}必须上传', '{label} must have a file'],
  pattern: ['{label}格式不匹配', '{label} has the wrong format'],
  notText: ['{label}必须是文本', '{label} must be text'],
  tooLong: ['{label}最多 {n} 个字符', '{label} must be at most {n} characters'],
  tooShort: ['{label}至少 {n} 个字符', '{label} must be at least {n} characters'],
  notNumber: ['{label}必须是数字', '{label} must be a number'],
  tooSmall: ['{label}不能小于 {min}', '{label} must be at least {min}'],
  tooLarge: ['{label}不能大于 {max}', '{label} must be at most {max}'],
  precision: ['{label}最多 {n} 位小数', '{label} allows at most {n} decimal places'],
  notOption: ['{label}的值“{value}”不在可选项中', '{label}: "{value}" is not one of its options'],
  notMultiple: ['{label}只能选择一项', '{label} takes one choice only'],
  notDate: ['{label}不是有效的日期时间（格式 {format}）', '{label} is not a valid date or time (format {format})'],
  rangeOrder: ['{label}的开始不能晚于结束', '{label}: the start must not be after the end'],
  notRange: ['{label}必须是开始和结束两个日期', '{label} must be a start and an end date'],
  notBool: ['{label}必须是“是”或“否”', '{label} must be yes or no'],
  uploadLimit: ['{label}最多允许上传 {n} 个文件', '{label} allows at most {n} files'],
  uploadIllegal: ['{label}中有非法文件：{name}', '{label} holds a file of a type not allowed: {name}'],
  uploadOnly: ['{label}仅允许上传 {kinds}：{name}', '{label} accepts only {kinds}: {name}'],
  uploadSize: ['{label}的文件超出 {size} MB：{name}', '{label}: the file {name} exceeds {size} MB'],
  notFile: ['{label}的文件格式不正确', '{label} holds a file entry that is not an uploaded file'],
  notPeople: ['{label}中有不属于本租户的人员：{ids}', '{label} names people not of this tenant: {ids}'],
  notDept: ['{label}中有不属于本租户的部门：{ids}', '{label} names departments not of this tenant: {ids}'],
  notIds: ['{label}必须是编号列表', '{label} must be a list of ids'],
  notRegion: ['{label}必须是最多 {n} 级的地区编码', '{label} must be region codes of at most {n} levels'],
  notSignature: ['{label}不是有效的签名图片', '{label} is not a valid signature image'],
  notRows: ['{label}必须是表格行的列表', '{label} must be a list of rows'],
  subEmpty: ['子表单控件[{label}]中含有必填项但无数据，请填写', 'Sub-form [{label}] has required fields but no rows; please fill it in'],
  subRow: ['子表单控件[{label}]中 第 {n} 行[{field}]是必填项，请填写', 'Sub-form [{label}] row {n} [{field}] is required; please fill it in'],
  subRowPattern: ['子表单控件[{label}]中 第 {n} 行[{field}]格式不匹配', 'Sub-form [{label}] row {n} [{field}] has the wrong format'],
  subRowOther: ['子表单控件[{label}]中 第 {n} 行：{detail}', 'Sub-form [{label}] row {n}: {detail}'],
} as const satisfies Record<string, readonly [string, string]>;

export type FormMessageKey = keyof typeof FORM_MESSAGES;

export function formMessage(key: FormMessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  const text = FORM_MESSAGES[key][lang === 'en' ? 1 : 0];
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
