// The validator's case table: every rule kind, a good value and bad ones with the exact zh / en
// message. validate.test.ts runs it against the function (what the web renderer calls);
// server/test/form-validate.test.ts starts a process with each bad value through the API.
import type { FormColumn } from '../src/index.ts';

export interface FormCase {
  column: FormColumn;
  good: unknown;
  bad: [value: unknown, zh: string, en: string][];
}

/** ids: a user and a department of the tenant (the seed's), and a dictionary with keys 1..3 (sex). */
export function formCases(ids: { user: string; dept: string; otherUser: string }): FormCase[] {
  return [
    { column: { prop: 'reason', label: '事由', required: true, maxlength: 10, minlength: 2 }, good: '家中有事',
      bad: [
        ['', '事由不能为空', '事由 is required'],
        ['一二三四五六七八九十十一', '事由最多 10 个字符', '事由 must be at most 10 characters'],
        ['一', '事由至少 2 个字符', '事由 must be at least 2 characters'],
        [{ a: 1 }, '事由必须是文本', '事由 must be text'],
      ] },
    { column: { prop: 'phone', label: '电话', rules: [{ pattern: '^1\\d{10}$', message: '请输入 11 位手机号' }, { pattern: '^13' }] }, good: '13800000000',
      bad: [
        ['1234', '请输入 11 位手机号', '请输入 11 位手机号'],
        ['15800000000', '电话格式不匹配', '电话 has the wrong format'],
      ] },
    { column: { prop: 'days', label: '天数', type: 'number', required: true, min: 0.5, max: 30, precision: 1 }, good: 2.5,
      bad: [
        ['abc', '天数必须是数字', '天数 must be a number'],
        [0, '天数不能小于 0.5', '天数 must be at least 0.5'],
        [31, '天数不能大于 30', '天数 must be at most 30'],
        [1.25, '天数最多 1 位小数', '天数 allows at most 1 decimal places'],
        [[1], '天数必须是数字', '天数 must be a number'],
      ] },
    { column: { prop: 'kind', label: '类型', type: 'select', dicData: [{ label: '事假', value: 'personal' }, { label: '病假', value: 'sick' }] }, good: 'sick',
      bad: [
        ['holiday', '类型的值“holiday”不在可选项中', '类型: "holiday" is not one of its options'],
        [['sick', 'personal'], '类型只能选择一项', '类型 takes one choice only'],
      ] },
    { column: { prop: 'tags', label: '标签', type: 'checkbox', dicData: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] }, good: ['a', 'b'],
      bad: [['a,c', '标签的值“c”不在可选项中', '标签: "c" is not one of its options']] },
    { column: { prop: 'sex', label: '性别', type: 'radio', dicCode: 'sex' }, good: '2',
      bad: [['9', '性别的值“9”不在可选项中', '性别: "9" is not one of its options']] },
    { column: { prop: 'agree', label: '同意', type: 'switch' }, good: true,
      bad: [['maybe', '同意必须是“是”或“否”', '同意 must be yes or no']] },
    { column: { prop: 'day', label: '日期', type: 'date' }, good: '2024-02-29',
      bad: [
        ['2023-02-29', '日期不是有效的日期时间（格式 YYYY-MM-DD）', '日期 is not a valid date or time (format YYYY-MM-DD)'],
        ['2024/02/01', '日期不是有效的日期时间（格式 YYYY-MM-DD）', '日期 is not a valid date or time (format YYYY-MM-DD)'],
      ] },
    { column: { prop: 'at', label: '时间', type: 'datetime', valueFormat: 'YYYY-MM-DD HH:mm' }, good: '2026-11-25 08:30',
      bad: [['2026-11-25 24:30', '时间不是有效的日期时间（格式 YYYY-MM-DD HH:mm）', '时间 is not a valid date or time (format YYYY-MM-DD HH:mm)']] },
    { column: { prop: 'clock', label: '钟点', type: 'time' }, good: '23:59:59',
      bad: [['7 pm', '钟点不是有效的日期时间（格式 HH:mm:ss）', '钟点 is not a valid date or time (format HH:mm:ss)']] },
    { column: { prop: 'span', label: '期间', type: 'daterange' }, good: ['2026-01-01', '2026-01-03'],
      bad: [
        [['2026-01-03', '2026-01-01'], '期间的开始不能晚于结束', '期间: the start must not be after the end'],
        [['2026-01-03'], '期间必须是开始和结束两个日期', '期间 must be a start and an end date'],
      ] },
    { column: { prop: 'files', label: '附件', type: 'upload', required: true, limit: 2, accept: '.pdf,.docx', fileSize: 1 },
      good: [{ name: 'a.pdf', url: '/api/blade-resource/oss/endpoint/a.pdf', size: 1000 }],
      bad: [
        [[], '附件必须上传', '附件 must have a file'],
        [[{ name: 'a.pdf', url: '/a.pdf' }, { name: 'b.pdf', url: '/b.pdf' }, { name: 'c.pdf', url: '/c.pdf' }], '附件最多允许上传 2 个文件', '附件 allows at most 2 files'],
        [[{ name: 'x.exe', url: '/x.exe' }], '附件中有非法文件：x.exe', '附件 holds a file of a type not allowed: x.exe'],
        [[{ name: 'x.png', url: '/x.png' }], '附件仅允许上传 .pdf, .docx：x.png', '附件 accepts only .pdf, .docx: x.png'],
        [[{ name: 'big.pdf', url: '/big.pdf', size: 2 * 1024 * 1024 }], '附件的文件超出 1 MB：big.pdf', '附件: the file big.pdf exceeds 1 MB'],
        [[{ name: 'a.pdf', url: 'javascript:alert(1)//a.pdf' }], '附件的文件格式不正确', '附件 holds a file entry that is not an uploaded file'],
      ] },
    { column: { prop: 'approver', label: '审批人', type: 'user', multiple: false }, good: ids.user,
      bad: [
        [ids.otherUser, `审批人中有不属于本租户的人员：${ids.otherUser}`, `审批人 names people not of this tenant: ${ids.otherUser}`],
        [`${ids.user},${ids.user}`, '审批人只能选择一项', '审批人 takes one choice only'],
        ['admin', '审批人必须是编号列表', '审批人 must be a list of ids'],
      ] },
    { column: { prop: 'dept', label: '部门', type: 'dept' }, good: ids.dept,
      bad: [['1', '部门中有不属于本租户的部门：1', '部门 names departments not of this tenant: 1']] },
    { column: { prop: 'area', label: '地区', type: 'region', levels: 2 }, good: ['110000', '110100'],
      bad: [[['110000', '110100', '110101'], '地区必须是最多 2 级的地区编码', '地区 must be region codes of at most 2 levels']] },
    { column: { prop: 'sign', label: '签名', type: 'signature' }, good: 'data:image/png;base64,iVBORw0KGgo=',
      bad: [['data:text/html;base64,PHNjcmlwdD4=', '签名不是有效的签名图片', '签名 is not a valid signature image']] },
    { column: { prop: 'items', label: '明细', type: 'dynamic', children: { column: [
      { prop: 'name', label: '名称', required: true },
      { prop: 'amount', label: '金额', type: 'number', min: 0 },
      { prop: 'code', label: '编码', pattern: '^[A-Z]+$' },
    ] } }, good: [{ name: '纸', amount: 12, code: 'P' }],
      bad: [
        [[], '子表单控件[明细]中含有必填项但无数据，请填写', 'Sub-form [明细] has required fields but no rows; please fill it in'],
        [[{ amount: 1 }], '子表单控件[明细]中 第 1 行[名称]是必填项，请填写', 'Sub-form [明细] row 1 [名称] is required; please fill it in'],
        [[{ name: '纸', code: 'p' }], '子表单控件[明细]中 第 1 行[编码]格式不匹配', 'Sub-form [明细] row 1 [编码] has the wrong format'],
        [[{ name: '纸' }, { name: '笔', amount: -1 }], '子表单控件[明细]中 第 2 行：金额不能小于 0', 'Sub-form [明细] row 2: 金额 must be at least 0'],
        ['rows', '明细必须是表格行的列表', '明细 must be a list of rows'],
      ] },
  ];
}
