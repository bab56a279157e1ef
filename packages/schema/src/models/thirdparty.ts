// Third-party service entities defined once (define.ts): service apps, service configs, their
// parameters, OAuth apps and the call log. The server's routes (modules/thirdparty) check what
// depends on other fields (a token address for oauth2, the fields of each service type, the
// encryption keys) and fill the defaults of fields a body leaves out.
import { defineModel } from '../model/define.ts';

const STATUS = {
  type: 'int', label: ['状态', 'Status'], required: true, default: 1, filter: 'equal', ui: { width: 90, span: 12, form: 'radio' },
  options: [{ value: 1, label: ['启用', 'Enabled'], color: 'green' }, { value: 0, label: ['停用', 'Disabled'], color: 'default' }],
} as const;
const DESCRIPTION = { type: 'string', label: ['描述', 'Description'], length: 500, ui: { width: 200, ellipsis: true, form: 'textarea', rows: 2 } } as const;
const KEY = { type: 'string', length: 200, ui: { hideInTable: true, span: 12 } } as const;
const METHODS = ['POST', 'GET', 'PUT', 'DELETE'].map((m) => ({ value: m, label: [m, m] as const }));
const UNITS = [
  { value: 'hours', label: ['小时', 'Hours'] },
  { value: 'minutes', label: ['分钟', 'Minutes'] },
  { value: 'second', label: ['秒', 'Seconds'] },
] as const;
/** Where credentials or a parameter go: the address, a header or the body. */
const POSITIONS = [
  { value: 1, label: ['地址', 'Address'] },
  { value: 2, label: ['请求头', 'Header'] },
  { value: 3, label: ['请求体', 'Body'] },
] as const;
const JSON_XML = [{ value: 'json', label: ['json', 'json'] }, { value: 'xml', label: ['xml', 'xml'] }] as const;

/**
 * Service apps (thirdServiceAuth rows): a remote platform and how this one authenticates there (none:
 * the app id and secret sent with each call; oauth2: a token fetched from its address and cached).
 * The 服务应用 and 服务认证 screens both administer them (either menu's codes open the calls).
 */
export const thirdServiceAuthModel = defineModel({
  name: 'thirdServiceAuth', table: 'blade_third_service_auth', api: '/api/serviceConfig/thirdServiceAuth', title: ['服务应用', 'Service apps'], tenant: true, permission: 'thirdApp',
  fields: {
    name: { type: 'string', label: ['名称', 'Name'], length: 100, required: true, requiredMessage: ['请输入名称', 'Please enter the name'], filter: 'like', ui: { width: 160, span: 12 } },
    authType: {
      type: 'string', label: ['认证方式', 'Auth type'], length: 16, required: true, requiredMessage: ['请选择认证方式', 'Please select the auth type'], filter: 'equal',
      options: [{ value: 'none', label: ['无认证', 'None'] }, { value: 'oauth2', label: ['OAuth2', 'OAuth2'], color: 'blue' }], ui: { width: 100, span: 12, form: 'radio' },
    },
    // required for oauth2 (the route)
    url: { type: 'string', label: ['认证地址', 'Token address'], length: 1000, filter: 'like', ui: { width: 240, ellipsis: true } },
    appidKey: { type: 'string', label: ['应用ID参数名', 'App ID parameter'], length: 100, ui: { hideInTable: true, span: 12 } },
    appidValue: { type: 'string', label: ['应用ID', 'App ID'], length: 500, ui: { hideInTable: true, span: 12 } },
    secretKey: { type: 'string', label: ['密钥参数名', 'Secret parameter'], length: 100, ui: { hideInTable: true, span: 12 } },
    secretValue: { type: 'string', label: ['密钥', 'Secret'], length: 1000, secret: true, ui: { form: 'password', span: 12 } },
    // defaulted fields a body leaves out are filled in by the route (on update too, as always)
    requestType: { type: 'string', label: ['请求类型', 'Request type'], length: 10, default: 'POST', options: METHODS, ui: { width: 90, span: 8 } },
    parameterPosition: { type: 'int', label: ['参数位置', 'Parameter position'], default: 3, options: POSITIONS, ui: { hideInTable: true, span: 8, form: 'select' } },
    backDataType: { type: 'string', label: ['返回类型', 'Return type'], length: 8, default: 'json', options: JSON_XML, ui: { hideInTable: true, span: 8 } },
    successKey: { ...KEY, label: ['返回成功标识名', 'Success flag name'] },
    successValue: { ...KEY, label: ['返回成功标识值', 'Success flag value'] },
    dataKey: { ...KEY, label: ['获取数据字段名', 'Data field'] },
    cacheKey: { ...KEY, label: ['令牌字段名', 'Token field'] },
    validityKey: { ...KEY, label: ['有效期字段名', 'Validity field'] },
    validityUnit: { type: 'string', label: ['有效期单位', 'Validity unit'], length: 10, default: 'second', options: UNITS, ui: { hideInTable: true, span: 12 } },
    status: STATUS,
    description: DESCRIPTION,
  },
});

/**
 * Service configs: internal (a handler the server registered, className), external (an HTTP call
 * through a service app) or sqlService (one read-only SELECT); the fields each type needs are
 * required by the route, the other types' fields are not kept.
 */
export const thirdServiceConfigModel = defineModel({
  name: 'thirdServiceConfig', table: 'blade_third_service_config', api: '/api/serviceConfig/thirdServiceConfig', title: ['服务配置', 'Service configs'], tenant: true, permission: 'thirdConfig',
  fields: {
    name: { type: 'string', label: ['名称', 'Name'], length: 100, required: true, requiredMessage: ['请输入名称', 'Please enter the name'], filter: 'like', ui: { width: 160, span: 12 } },
    serviceType: {
      type: 'string', label: ['服务分类', 'Service type'], length: 16, required: true, requiredMessage: ['请选择服务分类', 'Please select the service type'], filter: 'equal',
      options: [
        { value: 'internal', label: ['内部服务', 'Internal'], color: 'purple' },
        { value: 'external', label: ['外部服务', 'External'], color: 'blue' },
        { value: 'sqlService', label: ['SQL服务', 'SQL'], color: 'orange' },
      ],
      ui: { width: 110, span: 12, form: 'radio' },
    },
    serviceAuthId: { type: 'id', label: ['服务认证', 'Service auth'], ui: { width: 140, span: 12 } },
    beforeApiId: { type: 'id', label: ['前置接口', 'Preceding API'], ui: { hideInTable: true, span: 12 } },
    className: { type: 'string', label: ['类别名', 'Class name'], length: 200, ui: { hideInTable: true } },
    dataSourceId: { type: 'string', label: ['数据源', 'Data source'], length: 64, ui: { hideInTable: true } },
    sqlContent: { type: 'text', label: ['SQL语句', 'SQL statement'], length: 20000, ui: { hideInTable: true, rows: 6 } },
    url: { type: 'string', label: ['地址', 'Address'], length: 1000, filter: 'like', ui: { width: 240, ellipsis: true } },
    requestType: { type: 'string', label: ['请求类型', 'Request type'], length: 10, options: METHODS, ui: { width: 90, span: 12 } },
    backDataType: { type: 'string', label: ['返回类型', 'Return type'], length: 8, options: [...JSON_XML, { value: 'str', label: ['str', 'str'] }], ui: { hideInTable: true, span: 12 } },
    dataKey: { ...KEY, label: ['获取数据字段名', 'Data field'], ui: { hideInTable: true, span: 8 } },
    successKey: { ...KEY, label: ['返回成功标识名', 'Success flag name'], ui: { hideInTable: true, span: 8 } },
    successValue: { ...KEY, label: ['返回成功标识值', 'Success flag value'], ui: { hideInTable: true, span: 8 } },
    cacheKey: { ...KEY, label: ['缓存键', 'Cache key'], ui: { hideInTable: true, span: 8 } },
    validityKey: { ...KEY, label: ['有效期字段名', 'Validity field'], ui: { hideInTable: true, span: 8 } },
    validityUnit: { type: 'string', label: ['有效期单位', 'Validity unit'], length: 10, options: UNITS, ui: { hideInTable: true, span: 8 } },
    status: STATUS,
    description: { ...DESCRIPTION, ui: { ...DESCRIPTION.ui, width: 180 } },
  },
});

/**
 * Parameters of a service config, computed in call order (sort ascending): type 1 constant, 2
 * variable, 3 combined, 4 API, 5 auth-receipt; encrypted as encryptionMode says (the route checks
 * the AES and RSA keys). Opened by the buttons of the config screen.
 */
export const thirdServiceParamsModel = defineModel({
  name: 'thirdServiceParams', table: 'blade_third_service_params', api: '/api/serviceConfig/thirdServiceParams', title: ['服务参数', 'Service parameters'], tenant: true, permission: 'thirdConfig',
  order: [{ field: 'sort', dir: 'asc' }, { field: 'id', dir: 'asc' }],
  fields: {
    thirdServiceId: { type: 'id', label: ['所属服务', 'Service'], required: true, requiredMessage: ['请选择所属服务', 'Please select the service'], ui: { hideInTable: true, form: false, detail: false } },
    sort: {
      type: 'int', label: ['排序', 'Order'], default: 1, min: 1, max: 99999, rangeMessage: ['排序不能小于1', 'The sort must be at least 1'], sortable: true,
      ui: { width: 70, span: 6 },
    },
    name: { type: 'string', label: ['参数名称', 'Parameter name'], length: 100, required: true, requiredMessage: ['请输入参数名称', 'Please enter the parameter name'], filter: 'like', ui: { width: 140, span: 9 } },
    type: {
      type: 'int', label: ['参数类型', 'Parameter type'], required: true, requiredMessage: ['请选择参数类型', 'Please select the parameter type'],
      min: 1, max: 5, rangeMessage: ['请选择参数类型', 'Please select the parameter type'], filter: 'equal',
      options: [
        { value: 1, label: ['常量', 'Constant'] },
        { value: 2, label: ['变量', 'Variable'] },
        { value: 3, label: ['组合参数', 'Combined'] },
        { value: 4, label: ['接口参数', 'API'] },
        { value: 5, label: ['认证回执参数', 'Auth receipt'] },
      ],
      ui: { width: 120, span: 9, form: 'select' },
    },
    paramValue: { type: 'string', label: ['参数值', 'Value'], length: 2000, keepSpaces: true, ui: { width: 200, ellipsis: true } },
    joinSymbol: { type: 'string', label: ['连接符', 'Join symbol'], length: 20, keepSpaces: true, ui: { hideInTable: true, span: 12 } },
    containParamName: { type: 'int', label: ['包含参数名', 'Include names'], default: 0, options: [{ value: 0, label: ['否', 'No'] }, { value: 1, label: ['是', 'Yes'] }], ui: { hideInTable: true, span: 12, form: 'radio' } },
    encryptionMode: {
      type: 'string', label: ['加密方式', 'Encryption'], length: 16, options: ['UrlEncode', 'Base64', 'MD5', 'AES', 'SHA1', 'RSA'].map((m) => ({ value: m, label: [m, m] as const })),
      ui: { width: 110, span: 12 },
    },
    parameterPosition: { type: 'int', label: ['参数位置', 'Parameter position'], default: 1, options: POSITIONS, ui: { width: 100, span: 12, form: 'radio' } },
    // an AES key, an RSA public key (PEM) or the salt of MD5 / SHA1
    secretKey: { type: 'text', label: ['密钥', 'Secret key'], length: 10000, secret: true, keepSpaces: true, ui: { form: 'textarea', rows: 3 } },
    status: { ...STATUS, filter: undefined, ui: { ...STATUS.ui, width: 80 } },
    description: { ...DESCRIPTION, ui: { ...DESCRIPTION.ui, hideInTable: true } },
  },
});

/** OAuth apps: an app id and secret that may ask this platform for a user's token (POST /api/third/comm/getThirdPartyToken). */
export const thirdOauthAppModel = defineModel({
  name: 'thirdOauthApp', table: 'blade_third_oauth_app', api: '/api/thirdService/thirdOauthApp', title: ['OAuth应用', 'OAuth apps'], tenant: true, permission: 'thirdOauth',
  fields: {
    name: { type: 'string', label: ['名称', 'Name'], length: 100, required: true, requiredMessage: ['请输入 名称', 'Please enter the name'], filter: 'like', ui: { width: 180, span: 12 } },
    appId: {
      type: 'string', label: ['应用ID', 'App ID'], length: 64, required: true, requiredMessage: ['请输入 应用ID', 'Please enter the app ID'], filter: 'like',
      unique: ['应用ID已存在', 'This app ID already exists'], ui: { width: 180, span: 12 },
    },
    // required when the app is added (the route); an update leaving it empty keeps it
    appSecret: { type: 'string', label: ['应用密钥', 'App secret'], length: 128, nullable: false, secret: true, ui: { form: 'password', span: 12 } },
    tokenValidTime: {
      type: 'int', label: ['令牌有效时间', 'Token validity'], default: 7200, min: 100, max: 31536000, rangeMessage: ['令牌有效时间不能小于100', 'The token validity must be at least 100'],
      ui: { width: 150, span: 12 },
    },
    validStartDate: { type: 'datetime', label: ['有效期开始', 'Valid from'], ui: { width: 170, span: 12 } },
    validEntDate: { type: 'datetime', label: ['有效期结束', 'Valid until'], ui: { width: 170, span: 12 } },
    status: STATUS,
    description: DESCRIPTION,
  },
});

/** The call log: one row per call of a service config (or token request), written by the server; read-only. */
export const thirdApiLogModel = defineModel({
  name: 'thirdApiLog', table: 'blade_third_api_log', api: '/api/thirdService/thirdApiLog', title: ['接口调用日志', 'API call log'], tenant: true, permission: 'thirdApiLog',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    serviceConfigId: { type: 'id', label: ['服务配置', 'Service config'], readOnly: true, ui: { hideInTable: true, detail: false } },
    platformName: { type: 'string', label: ['平台名称', 'Platform'], length: 100, readOnly: true, filter: 'like', ui: { width: 140 } },
    apiName: { type: 'string', label: ['接口名称', 'API name'], length: 100, readOnly: true, filter: 'like', ui: { width: 140 } },
    apiUrl: { type: 'string', label: ['接口地址', 'API address'], length: 1000, readOnly: true, filter: 'like', ui: { width: 260, ellipsis: true } },
    apiMethod: { type: 'string', label: ['请求方式', 'Method'], length: 10, readOnly: true, ui: { width: 90 } },
    apiHeader: { type: 'text', label: ['请求头', 'Headers'], readOnly: true, ui: { width: 200, ellipsis: true } },
    apiParams: { type: 'text', label: ['请求参数', 'Parameters'], readOnly: true, filter: 'like', ui: { width: 220, ellipsis: true } },
    apiResponse: { type: 'text', label: ['响应结果', 'Response'], readOnly: true, filter: 'like', ui: { width: 220, ellipsis: true } },
    apiTime: { type: 'int', label: ['耗时（毫秒）', 'Time (ms)'], readOnly: true, sortable: true, ui: { width: 110 } },
    status: {
      type: 'int', label: ['结果', 'Result'], default: 1, readOnly: true, filter: 'equal', ui: { width: 90 },
      options: [{ value: 1, label: ['成功', 'Success'], color: 'green' }, { value: 0, label: ['失败', 'Failure'], color: 'red' }],
    },
  },
});

export const THIRDPARTY_MODELS = [thirdServiceAuthModel, thirdServiceConfigModel, thirdServiceParamsModel, thirdOauthAppModel, thirdApiLogModel] as const;
