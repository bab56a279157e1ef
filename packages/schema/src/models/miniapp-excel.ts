// Export templates of micro-apps (001 §2.2 exportTemplateManage, §7.1 /api/blade-appTemplateFiles/
// appTemplateFiles with exportTemplate): an .xlsx a designer uploads with ${field} placeholders,
// filled with the app's records — a 'list' template repeats the first row holding placeholders per
// record; a 'form' template makes one sheet per record and repeats a row holding ${<child>.<field>}
// per child row. The app's managers change them; those with the `template` right export with them.
import { defineModel } from '../model/define.ts';
import { APP_ID_FIELD, STATUS_FIELD, TEMPLATE_NAME_FIELD, TEMPLATE_TYPE_FIELD } from './miniapp-fields.ts';

export const appTemplateFilesModel = defineModel({
  name: 'appTemplateFiles', table: 'blade_app_template_files', api: '/api/blade-appTemplateFiles/appTemplateFiles', title: ['导出模板', 'Export templates'], tenant: true,
  permission: null, access: 'changing: the app\'s creator or the administrator role; reading and exporting: also those an app permission group grants `template`, checked by the miniapp module',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appId: APP_ID_FIELD,
    templateName: TEMPLATE_NAME_FIELD,
    templateType: {
      ...TEMPLATE_TYPE_FIELD,
      options: [{ value: 'list', label: ['列表', 'List'] }, { value: 'form', label: ['表单', 'Form'] }],
    },
    fileName: {
      type: 'string', label: ['文件名', 'File name'], length: 255, required: true, requiredMessage: ['请上传模板文件', 'Please upload the template file'],
      pattern: '\\.xlsx$', patternMessage: ['模板文件须为 .xlsx 文件', 'The template must be an .xlsx file'], ui: { width: 200, span: 12 },
    },
    fileLink: { type: 'string', label: ['文件地址', 'File link'], length: 1000, required: true, requiredMessage: ['请上传模板文件', 'Please upload the template file'], ui: { hideInTable: true, form: false } },
    status: STATUS_FIELD,
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

export const MINIAPP_EXCEL_MODELS = [appTemplateFilesModel];
