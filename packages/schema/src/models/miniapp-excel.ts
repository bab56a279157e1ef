// Export templates of micro-apps (001 §2.2 exportTemplateManage, §7.1 /api/blade-appTemplateFiles/
// appTemplateFiles with exportTemplate): an .xlsx a designer uploads with ${field} placeholders,
// filled with the app's records — a 'list' template repeats the first row holding placeholders per
// record; a 'form' template makes one sheet per record and repeats a row holding ${<child>.<field>}
// per child row. The app's managers change them; those with the `template` right export with them.
import { defineModel } from '../model/define.ts';

export const appTemplateFilesModel = defineModel({
  name: 'appTemplateFiles', table: 'blade_app_template_files', api: '/api/blade-appTemplateFiles/appTemplateFiles', title: ['导出模板', 'Export templates'], tenant: true,
  permission: null, access: 'changing: the app\'s creator or the administrator role; reading and exporting: also those an app permission group grants `template`, checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: { type: 'id', label: ['微应用', 'Micro-app'], required: true, requiredMessage: ['请选择微应用', 'Please choose the micro-app'], filter: 'equal', ui: { hideInTable: true, form: false } },
    templateName: { type: 'string', label: ['模板名称', 'Template name'], length: 64, required: true, requiredMessage: ['请输入模板名称', 'Please enter the template name'], filter: 'like', ui: { width: 180, span: 12 } },
    templateType: {
      type: 'string', label: ['模板类型', 'Template type'], length: 8, required: true, requiredMessage: ['请选择模板类型', 'Please choose the template type'], filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 'list', label: ['列表', 'List'] }, { value: 'form', label: ['表单', 'Form'] }],
    },
    fileName: {
      type: 'string', label: ['文件名', 'File name'], length: 255, required: true, requiredMessage: ['请上传模板文件', 'Please upload the template file'],
      pattern: '\\.xlsx$', patternMessage: ['模板文件须为 .xlsx 文件', 'The template must be an .xlsx file'], ui: { width: 200, span: 12 },
    },
    fileLink: { type: 'string', label: ['文件地址', 'File link'], length: 1000, required: true, requiredMessage: ['请上传模板文件', 'Please upload the template file'], ui: { hideInTable: true, form: false } },
    status: { type: 'int', label: ['状态', 'Status'], required: true, default: 1, filter: 'equal', options: [{ value: 0, label: ['停用', 'Disabled'] }, { value: 1, label: ['启用', 'Enabled'], color: 'green' }], ui: { width: 80, span: 12, form: 'radio' } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

export const MINIAPP_EXCEL_MODELS = [appTemplateFilesModel];
