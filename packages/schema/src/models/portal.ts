// The portal front desk and service hall (001 §2.1, §2.3, §2.4, §3.13, §4, §7.2; issue 16): every
// entity the portal shows and its management screens edit, one definition each. The spec names few
// of their fields (only a service's itemWay, openWay, itemHandle, itemUrl, name and its audience
// lists); the rest are what a university's or a city's service hall needs, documented per field.
//
// Who may call them: the management calls need the entity's permission code (menus 门户管理, server
// module portal); the public `noLogin` calls answer anyone, for the tenant of the site (domain, or the
// Tenant-Id header, else the default tenant), only while the portal config openPortal is 1, with
// nothing of a signed-in person. Favourites, visits, feedback, to-do centre records and personal data
// are each person's own rows (owner).
import { defineModel, type FieldDef } from '../model/define.ts';
import { SORT_FIELD, STATUS_FIELD } from './miniapp-fields.ts';

const NAME = { type: 'string', label: ['名称', 'Name'], length: 100, required: true, requiredMessage: ['请输入名称', 'Please enter the name'], filter: 'like', ui: { width: 180, span: 12 } } as const;
const NAME_EN = { type: 'string', label: ['英文名称', 'English name'], length: 200, ui: { width: 180, span: 12, hideInTable: true } } as const;
const ICON = { type: 'string', label: ['图标', 'Icon'], length: 500, ui: { width: 80, span: 12 } } as const;
const IMAGE = { type: 'string', label: ['图片', 'Image'], length: 1000, ui: { width: 120, span: 24 } } as const;
const DESCRIPTION = { type: 'string', label: ['简介', 'Description'], length: 1000, ui: { hideInTable: true, form: 'textarea', rows: 3 } } as const;
/** The description in English (an English page shows it; the Chinese one when it is empty). */
const DESCRIPTION_EN = { type: 'string', label: ['英文简介', 'Description in English'], length: 2000, ui: { hideInTable: true, form: 'textarea', rows: 3 } } as const;
const REMARK = { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } } as const;
/** A list of services, ids joined by commas, in their order of display. */
const SERVICE_IDS = { type: 'text', label: ['关联服务', 'Services'], length: 20000, pattern: '^\\d{1,19}(,\\d{1,19})*$', patternMessage: ['关联服务须为服务编号列表', 'Services must be a list of service ids'], ui: { hideInTable: true, form: false } } as const;
/** A link: an address of this site (/portal/...) or an http(s) address. */
const LINK = { type: 'string', label: ['链接地址', 'Link'], length: 1000, pattern: '^(https?://\\S+|/\\S*)$', patternMessage: ['链接地址须以 http(s):// 或 / 开头', 'The link must start with http(s):// or /'], ui: { width: 200, ellipsis: true, span: 24 } } as const;
/** 打开方式 (§4): 1 this window (push a route), 2 replace the current page, 3 a new window. */
export const OPEN_WAY_FIELD = {
  type: 'int', label: ['打开方式', 'Opens in'], required: true, default: 1, filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
  options: [{ value: 1, label: ['当前页', 'This page'] }, { value: 2, label: ['替换当前页', 'Replace this page'] }, { value: 3, label: ['新窗口', 'New window'], color: 'blue' }],
} as const satisfies FieldDef;
const OPEN_WAY = OPEN_WAY_FIELD;

/**
 * 门户配置 (config/noLogin/list): one row per key. Keys the portal reads (PORTAL_CONFIG_KEYS): openPortal
 * 0/1, subjectPattern 1 normal / 2 mourning (the whole page grey), menuPattern 1 top menu / 2 top menu
 * with the category bar, siteName / siteNameEn, logo (image address), heroTitle / heroTitleEn /
 * heroSubtitle / heroSubtitleEn, copyright / copyrightEn, footerLinks (JSON [{name, nameEn, url}]),
 * contactPhone, contactEmail, address. Every value is public (the anonymous portal reads them).
 */
export const portalConfigModel = defineModel({
  name: 'portalConfig', table: 'blade_portal_config', api: '/api/blade-portal/config', title: ['门户配置', 'Portal settings'], tenant: true, permission: 'portal_config',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    configKey: {
      type: 'string', label: ['配置键', 'Key'], length: 64, required: true, requiredMessage: ['请输入配置键', 'Please enter the key'], filter: 'equal',
      unique: ['配置键已存在', 'This key already exists'], pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', patternMessage: ['配置键须为字母开头的字母、数字或下划线', 'The key must be letters, digits or _ starting with a letter'], ui: { width: 160, span: 12 },
    },
    configName: { type: 'string', label: ['配置名称', 'Setting'], length: 100, required: true, requiredMessage: ['请输入配置名称', 'Please enter the setting name'], filter: 'like', ui: { width: 160, span: 12 } },
    configValue: { type: 'text', label: ['配置值', 'Value'], length: 20000, ui: { width: 260, ellipsis: true, form: 'textarea', rows: 3 } },
    sort: SORT_FIELD,
    remark: REMARK,
  },
});
export const PORTAL_CONFIG_KEYS = ['openPortal', 'subjectPattern', 'menuPattern', 'siteName', 'siteNameEn', 'logo', 'heroTitle', 'heroTitleEn', 'heroSubtitle', 'heroSubtitleEn', 'copyright', 'copyrightEn', 'footerLinks', 'contactPhone', 'contactEmail', 'address'] as const;

/** 顶部菜单 (§2.4): a tree (parentId 0 = top level); the header shows the top level, search the leaves. */
export const portalTopMenuModel = defineModel({
  name: 'portalTopMenu', table: 'blade_portal_top_menu', api: '/api/blade-portal/topMenu', title: ['顶部菜单', 'Top menu'], tenant: true, permission: 'portal_topMenu',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    parentId: { type: 'id', label: ['上级菜单', 'Parent'], default: '0', filter: 'equal', ui: { hideInTable: true, span: 12 } },
    name: NAME,
    nameEn: NAME_EN,
    addressType: {
      type: 'int', label: ['地址类型', 'Address type'], required: true, default: 1, filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['站内页面', 'Page of this site'] }, { value: 2, label: ['外部链接', 'External link'], color: 'orange' }],
    },
    openWay: OPEN_WAY,
    jumpAddress: { ...LINK, label: ['跳转地址', 'Address'] },
    icon: ICON,
    sort: SORT_FIELD,
    status: STATUS_FIELD,
  },
});

/** 轮播类型: a group of slides (e.g. index hero, hall banner), found by its code. */
export const slideshowTypeModel = defineModel({
  name: 'slideshowType', table: 'blade_portal_slideshow_type', api: '/api/blade-portal/slideshowType', title: ['轮播类型', 'Slideshow types'], tenant: true, permission: 'portal_slideshow',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    typeName: { ...NAME, label: ['类型名称', 'Type name'] },
    typeCode: {
      type: 'string', label: ['类型编码', 'Code'], length: 64, required: true, requiredMessage: ['请输入类型编码', 'Please enter the code'], filter: 'equal', unique: ['类型编码已存在', 'This code already exists'],
      pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', patternMessage: ['类型编码须为字母开头的字母、数字或下划线', 'The code must be letters, digits or _ starting with a letter'], ui: { width: 140, span: 12 },
    },
    interval: { type: 'int', label: ['切换间隔（毫秒）', 'Interval (ms)'], required: true, default: 3000, min: 100, max: 9999999, rangeMessage: ['切换间隔须在 100 到 9999999 毫秒之间', 'The interval must be from 100 to 9999999 ms'], ui: { width: 120, span: 12 } },
    sort: SORT_FIELD,
    status: STATUS_FIELD,
  },
});

/** 轮播图: an image of a slideshow type, with its caption and an optional link. */
export const slideshowModel = defineModel({
  name: 'slideshow', table: 'blade_portal_slideshow', api: '/api/blade-portal/slideshow', title: ['轮播图', 'Slideshows'], tenant: true, permission: 'portal_slideshow',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    typeId: { type: 'id', label: ['轮播类型', 'Type'], required: true, requiredMessage: ['请选择轮播类型', 'Please choose the type'], filter: 'equal', ui: { width: 120, span: 12, form: 'select' } },
    title: { ...NAME, label: ['标题', 'Title'] },
    titleEn: { ...NAME_EN, label: ['英文标题', 'English title'] },
    subtitle: { type: 'string', label: ['副标题', 'Subtitle'], length: 200, ui: { hideInTable: true, span: 12 } },
    subtitleEn: { type: 'string', label: ['英文副标题', 'English subtitle'], length: 400, ui: { hideInTable: true, span: 12 } },
    imageUrl: { ...IMAGE, required: true, requiredMessage: ['请上传图片', 'Please upload the image'] },
    linkUrl: { ...LINK, label: ['点击跳转', 'Opens'] },
    openWay: OPEN_WAY,
    sort: SORT_FIELD,
    status: STATUS_FIELD,
  },
});

/** 服务分类 (the hall's category tabs). */
export const serviceCategoryModel = defineModel({
  name: 'serviceCategory', table: 'blade_portal_service_category', api: '/api/blade-portal/serviceCategory', title: ['服务分类', 'Service categories'], tenant: true, permission: 'portal_serviceCategory',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: { ...NAME, unique: ['分类名称已存在', 'This category already exists'] },
    nameEn: NAME_EN,
    icon: ICON,
    color: { type: 'string', label: ['颜色', 'Colour'], length: 16, pattern: '^#[0-9a-fA-F]{6}$', patternMessage: ['颜色须为 #RRGGBB', 'The colour must be #RRGGBB'], ui: { width: 90, span: 12 } },
    description: DESCRIPTION,
    descriptionEn: DESCRIPTION_EN,
    sort: SORT_FIELD,
    status: STATUS_FIELD,
  },
});

/** 服务办理方式 (itemWay, §4): 1 a process starts (itemHandle = its processDefKey), 2 an external address (itemUrl). */
export const ITEM_WAY = { process: 1, url: 2 } as const;
/** 有效期 modes (§4): 1 always, 2 daily time range (HH:mm), 4 day-of-month range (d), 5 yearly date range (MM-dd), 6 list of dates (yyyy-MM-dd). */
export const VALIDITY_MODES = [1, 2, 4, 5, 6] as const;

/**
 * 服务 (§3.13, §4): a service of the hall. itemWay 1 starts the process itemHandle (a processDefKey of
 * the tenant), 2 opens itemUrl; openWay 1/2/3. Audience (§4): userIds, postIds, roleIds, deptIds
 * (comma lists; all empty: everyone signed in). Validity: validityMode with validityStart/End (HH:mm
 * for 2, day numbers for 4, MM-dd for 5) or validityDates (yyyy-MM-dd list for 6). The guide
 * (/portal/service/introduce): introduce, materials, steps, timeLimit, department, handleType,
 * handleAddress, contact, fee, basis; each text a person reads has its English beside it (<field>En:
 * summaryEn, introduceEn, timeLimitEn, handleAddressEn, contactPersonEn, feeEn, basisEn), which an
 * English page shows, the Chinese one when it is empty.
 */
export const serviceManageModel = defineModel({
  name: 'serviceManage', table: 'blade_portal_service', api: '/api/blade-portal/serviceManage', title: ['服务管理', 'Services'], tenant: true, permission: 'portal_service',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    serviceCode: { type: 'string', label: ['服务编码', 'Service code'], length: 32, autoFill: true, filter: 'equal', unique: ['服务编码已存在', 'This service code already exists'], ui: { width: 150, span: 12 } },
    name: { ...NAME, label: ['服务名称', 'Service name'], requiredMessage: ['请输入服务名称', 'Please enter the service name'] },
    nameEn: NAME_EN,
    categoryId: { type: 'id', label: ['服务分类', 'Category'], required: true, requiredMessage: ['请选择服务分类', 'Please choose the category'], filter: 'equal', ui: { width: 120, span: 12, form: 'select' } },
    specialServiceId: { type: 'id', label: ['特色服务', 'Special service'], filter: 'equal', ui: { hideInTable: true, span: 12, form: 'select' } },
    deptId: { type: 'id', label: ['办理部门', 'Department'], filter: 'equal', ui: { width: 140, span: 12, form: 'select' } },
    itemWay: {
      type: 'int', label: ['办理方式', 'Handled by'], required: true, default: 1, filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['流程办理', 'A process'], color: 'blue' }, { value: 2, label: ['外部链接', 'External link'], color: 'orange' }],
    },
    openWay: OPEN_WAY,
    itemHandle: { type: 'string', label: ['绑定流程', 'Process'], length: 255, filter: 'equal', ui: { width: 150, span: 12, form: 'select' } },
    itemUrl: { ...LINK, label: ['外部地址', 'External address'], pattern: '^https?://\\S+$', patternMessage: ['外部地址须以 http(s):// 开头', 'The external address must start with http(s)://'] },
    icon: ICON,
    color: { type: 'string', label: ['颜色', 'Colour'], length: 16, pattern: '^#[0-9a-fA-F]{6}$', patternMessage: ['颜色须为 #RRGGBB', 'The colour must be #RRGGBB'], ui: { hideInTable: true, span: 12 } },
    summary: { type: 'string', label: ['服务简介', 'Summary'], length: 500, filter: 'like', ui: { hideInTable: true, form: 'textarea', rows: 2 } },
    summaryEn: { type: 'string', label: ['英文简介', 'Summary in English'], length: 1000, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
    keywords: { type: 'string', label: ['关键词', 'Keywords'], length: 500, ui: { hideInTable: true, span: 24 } },
    handleType: {
      type: 'int', label: ['办理形式', 'Where'], required: true, default: 1, filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['网上办理', 'Online'], color: 'green' }, { value: 2, label: ['线下办理', 'In person'] }, { value: 3, label: ['线上线下', 'Online or in person'], color: 'blue' }],
    },
    timeLimit: { type: 'string', label: ['办理时限', 'Time limit'], length: 100, ui: { hideInTable: true, span: 12 } },
    timeLimitEn: { type: 'string', label: ['英文办理时限', 'Time limit in English'], length: 200, ui: { hideInTable: true, span: 12 } },
    handleAddress: { type: 'string', label: ['办理地点', 'Office'], length: 255, ui: { hideInTable: true, span: 12 } },
    handleAddressEn: { type: 'string', label: ['英文办理地点', 'Office in English'], length: 500, ui: { hideInTable: true, span: 12 } },
    contactPerson: { type: 'string', label: ['联系人', 'Contact'], length: 64, ui: { hideInTable: true, span: 12 } },
    contactPersonEn: { type: 'string', label: ['英文联系人', 'Contact in English'], length: 128, ui: { hideInTable: true, span: 12 } },
    contactPhone: { type: 'string', label: ['咨询电话', 'Phone'], length: 64, ui: { hideInTable: true, span: 12 } },
    fee: { type: 'string', label: ['收费标准', 'Fee'], length: 255, ui: { hideInTable: true, span: 12 } },
    feeEn: { type: 'string', label: ['英文收费标准', 'Fee in English'], length: 500, ui: { hideInTable: true, span: 12 } },
    introduce: { type: 'text', label: ['办事指南', 'Guide'], length: 20000, ui: { hideInTable: true, form: 'textarea', rows: 5 } },
    introduceEn: { type: 'text', label: ['英文办事指南', 'Guide in English'], length: 40000, ui: { hideInTable: true, form: 'textarea', rows: 5 } },
    materials: { type: 'text', label: ['申请材料', 'Materials'], length: 20000, format: 'json', ui: { hideInTable: true, form: false } },
    steps: { type: 'text', label: ['办理流程', 'Steps'], length: 20000, format: 'json', ui: { hideInTable: true, form: false } },
    basis: { type: 'text', label: ['设立依据', 'Basis'], length: 5000, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
    basisEn: { type: 'text', label: ['英文设立依据', 'Basis in English'], length: 10000, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
    userIds: { type: 'text', label: ['可办理人员', 'People'], length: 20000, pattern: '^\\d{1,19}(,\\d{1,19})*$', patternMessage: ['人员须为用户编号列表', 'People must be a list of user ids'], ui: { hideInTable: true, form: false } },
    roleIds: { type: 'text', label: ['可办理角色', 'Roles'], length: 5000, pattern: '^\\d{1,19}(,\\d{1,19})*$', patternMessage: ['角色须为角色编号列表', 'Roles must be a list of role ids'], ui: { hideInTable: true, form: false } },
    deptIds: { type: 'text', label: ['可办理部门', 'Departments'], length: 5000, pattern: '^\\d{1,19}(,\\d{1,19})*$', patternMessage: ['部门须为部门编号列表', 'Departments must be a list of department ids'], ui: { hideInTable: true, form: false } },
    postIds: { type: 'text', label: ['可办理岗位', 'Posts'], length: 5000, pattern: '^\\d{1,19}(,\\d{1,19})*$', patternMessage: ['岗位须为岗位编号列表', 'Posts must be a list of post ids'], ui: { hideInTable: true, form: false } },
    validityMode: {
      type: 'int', label: ['有效期', 'Validity'], required: true, default: 1, filter: 'equal', ui: { width: 110, span: 12, form: 'select' },
      options: [
        { value: 1, label: ['长期有效', 'Always'] }, { value: 2, label: ['每日时段', 'Daily hours'], color: 'blue' }, { value: 4, label: ['每月日期段', 'Days of each month'], color: 'blue' },
        { value: 5, label: ['每年日期段', 'Dates of each year'], color: 'blue' }, { value: 6, label: ['指定日期', 'Given dates'], color: 'blue' },
      ],
    },
    validityStart: { type: 'string', label: ['有效期开始', 'Valid from'], length: 16, ui: { hideInTable: true, form: false } },
    validityEnd: { type: 'string', label: ['有效期结束', 'Valid until'], length: 16, ui: { hideInTable: true, form: false } },
    validityDates: { type: 'text', label: ['指定日期', 'Dates'], length: 5000, ui: { hideInTable: true, form: false } },
    isHot: { type: 'int', label: ['热门', 'Hot'], required: true, default: 0, filter: 'equal', options: [{ value: 0, label: ['否', 'No'] }, { value: 1, label: ['是', 'Yes'], color: 'red' }], ui: { width: 70, span: 12, form: 'radio' } },
    sort: SORT_FIELD,
    status: STATUS_FIELD,
  },
});

/** 服务推荐: the hall's recommended services in their order (updateSort, deleteByServiceId). */
export const serviceRecommendModel = defineModel({
  name: 'serviceRecommend', table: 'blade_portal_service_recommend', api: '/api/blade-portal/serviceRecommend', title: ['服务推荐', 'Recommended services'], tenant: true, permission: 'portal_service',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    serviceId: { type: 'id', label: ['服务', 'Service'], required: true, requiredMessage: ['请选择服务', 'Please choose the service'], filter: 'equal', unique: ['该服务已推荐', 'This service is already recommended'], ui: { width: 200, form: 'select' } },
    reason: { type: 'string', label: ['推荐语', 'Why'], length: 200, ui: { width: 240, ellipsis: true } },
    sort: SORT_FIELD,
  },
});

/** 服务套餐 ("one thing" packages): several services handled together, e.g. 新生入学一件事. */
export const servicePackageModel = defineModel({
  name: 'servicePackage', table: 'blade_portal_service_package', api: '/api/blade-portal/servicePackage', title: ['服务套餐', 'Service packages'], tenant: true, permission: 'portal_service',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN, icon: ICON, imageUrl: { ...IMAGE, ui: { hideInTable: true, span: 24 } }, description: DESCRIPTION, descriptionEn: DESCRIPTION_EN,
    serviceIds: SERVICE_IDS,
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 直通部门: a department of the organisation shown in the hall with its services (throughDeptListNoPage). */
export const throughDeptModel = defineModel({
  name: 'throughDept', table: 'blade_portal_through_dept', api: '/api/blade-portal/throughDept', title: ['直通部门', 'Departments'], tenant: true, permission: 'portal_service',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    deptId: { type: 'id', label: ['部门', 'Department'], required: true, requiredMessage: ['请选择部门', 'Please choose the department'], filter: 'equal', unique: ['该部门已添加', 'This department is already listed'], ui: { width: 160, span: 12, form: 'select' } },
    name: { ...NAME, label: ['显示名称', 'Shown as'] }, nameEn: NAME_EN, icon: ICON, description: DESCRIPTION, descriptionEn: DESCRIPTION_EN,
    contactPhone: { type: 'string', label: ['咨询电话', 'Phone'], length: 64, ui: { width: 130, span: 12 } },
    address: { type: 'string', label: ['办公地点', 'Office'], length: 255, ui: { hideInTable: true, span: 12 } },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 直通车: quick links grouped by type (getThroughTrainTypeAndList), e.g. 教务系统, 图书馆, 一卡通. */
export const throughTrainModel = defineModel({
  name: 'throughTrain', table: 'blade_portal_through_train', api: '/api/blade-portal/throughTrain', title: ['直通车', 'Through-train'], tenant: true, permission: 'portal_throughTrain',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    trainType: { type: 'string', label: ['类型', 'Group'], length: 64, required: true, requiredMessage: ['请输入类型', 'Please enter the group'], filter: 'equal', ui: { width: 120, span: 12 } },
    trainTypeEn: { type: 'string', label: ['英文类型', 'Group (English)'], length: 128, ui: { hideInTable: true, span: 12 } },
    name: NAME, nameEn: NAME_EN, icon: ICON, color: { type: 'string', label: ['颜色', 'Colour'], length: 16, pattern: '^#[0-9a-fA-F]{6}$', patternMessage: ['颜色须为 #RRGGBB', 'The colour must be #RRGGBB'], ui: { hideInTable: true, span: 12 } },
    url: { ...LINK, required: true, requiredMessage: ['请输入链接地址', 'Please enter the link'] },
    openWay: { ...OPEN_WAY, default: 3 },
    description: DESCRIPTION, descriptionEn: DESCRIPTION_EN,
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 楼层: a band of the index page (floor/noLogin/detail answers it with its columns and their services). */
export const floorModel = defineModel({
  name: 'floor', table: 'blade_portal_floor', api: '/api/blade-portal/floor', title: ['楼层管理', 'Floors'], tenant: true, permission: 'portal_floor',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN,
    subtitle: { type: 'string', label: ['副标题', 'Subtitle'], length: 200, ui: { hideInTable: true, span: 12 } },
    subtitleEn: { type: 'string', label: ['英文副标题', 'English subtitle'], length: 400, ui: { hideInTable: true, span: 12 } },
    floorType: {
      type: 'int', label: ['楼层类型', 'Kind'], required: true, default: 1, filter: 'equal', ui: { width: 110, span: 12, form: 'select' },
      options: [{ value: 1, label: ['服务栏目', 'Service columns'] }, { value: 2, label: ['专区', 'Precincts'], color: 'blue' }, { value: 3, label: ['新闻公告', 'News'], color: 'orange' }, { value: 4, label: ['链接', 'Links'], color: 'purple' }],
    },
    moreUrl: { ...LINK, label: ['更多链接', '"More" link'], ui: { hideInTable: true, span: 12 } },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 栏目: a column of a floor listing services (or links), in its order (updateSort). */
export const columnModel = defineModel({
  name: 'column', table: 'blade_portal_column', api: '/api/blade-portal/column', title: ['栏目管理', 'Columns'], tenant: true, permission: 'portal_column',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    floorId: { type: 'id', label: ['所属楼层', 'Floor'], filter: 'equal', ui: { width: 140, span: 12, form: 'select' } },
    name: NAME, nameEn: NAME_EN, icon: ICON,
    columnType: {
      type: 'int', label: ['栏目类型', 'Kind'], required: true, default: 1, filter: 'equal', ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['服务', 'Services'] }, { value: 2, label: ['新闻', 'News'], color: 'orange' }, { value: 3, label: ['链接', 'Links'], color: 'purple' }],
    },
    serviceIds: SERVICE_IDS,
    newsSourceId: { type: 'id', label: ['新闻来源', 'News source'], ui: { hideInTable: true, span: 12, form: 'select' } },
    showCount: { type: 'int', label: ['显示条数', 'Items shown'], required: true, default: 8, min: 1, max: 50, rangeMessage: ['显示条数须在 1 到 50 之间', 'Items shown must be from 1 to 50'], ui: { width: 90, span: 12 } },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 专区: a themed area (e.g. 迎新专区, 毕业专区) with an image and its services (updateStatus). */
export const precinctModel = defineModel({
  name: 'precinct', table: 'blade_portal_precinct', api: '/api/blade-portal/precinct', title: ['专区管理', 'Precincts'], tenant: true, permission: 'portal_precinct',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    floorId: { type: 'id', label: ['所属楼层', 'Floor'], filter: 'equal', ui: { width: 140, span: 12, form: 'select' } },
    name: NAME, nameEn: NAME_EN, icon: ICON, imageUrl: IMAGE, description: DESCRIPTION, descriptionEn: DESCRIPTION_EN,
    serviceIds: SERVICE_IDS,
    linkUrl: { ...LINK, label: ['专区链接', 'Link'], ui: { hideInTable: true, span: 24 } },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 快捷入口: icons under the hero (a service or a link). */
export const shortcutEntranceModel = defineModel({
  name: 'shortcutEntrance', table: 'blade_portal_shortcut', api: '/api/blade-portal/shortcutEntrance', title: ['快捷入口', 'Shortcut entrances'], tenant: true, permission: 'portal_shortcut',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN, icon: ICON,
    color: { type: 'string', label: ['颜色', 'Colour'], length: 16, pattern: '^#[0-9a-fA-F]{6}$', patternMessage: ['颜色须为 #RRGGBB', 'The colour must be #RRGGBB'], ui: { width: 90, span: 12 } },
    serviceId: { type: 'id', label: ['服务', 'Service'], ui: { hideInTable: true, span: 12, form: 'select' } },
    url: LINK,
    openWay: OPEN_WAY,
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 特色服务: a themed page (/portal/special/service) with its own columns of services. */
export const specialServiceModel = defineModel({
  name: 'specialService', table: 'blade_portal_special_service', api: '/api/blade-portal/specialService', title: ['特色服务', 'Special services'], tenant: true, permission: 'portal_special',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: { name: NAME, nameEn: NAME_EN, icon: ICON, imageUrl: IMAGE, description: DESCRIPTION, descriptionEn: DESCRIPTION_EN, sort: SORT_FIELD, status: STATUS_FIELD },
});

/** 特色服务栏目: a column of a special service listing services. */
export const specialServiceColumnModel = defineModel({
  name: 'specialServiceColumn', table: 'blade_portal_special_column', api: '/api/blade-portal/specialServiceColumn', title: ['特色服务栏目', 'Special service columns'], tenant: true, permission: 'portal_special',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    specialServiceId: { type: 'id', label: ['特色服务', 'Special service'], required: true, requiredMessage: ['请选择特色服务', 'Please choose the special service'], filter: 'equal', ui: { width: 160, span: 12, form: 'select' } },
    name: NAME, nameEn: NAME_EN, serviceIds: SERVICE_IDS, sort: SORT_FIELD,
  },
});

/** 收藏 (a person's own): updateCollect toggles one. */
export const serviceCollectModel = defineModel({
  name: 'serviceCollect', table: 'blade_portal_service_collect', api: '/api/blade-portal/serviceCollect', title: ['服务收藏', 'Favourites'], tenant: true, owner: true,
  permission: null, access: 'every signed-in user, their own rows only (owner)',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: { serviceId: { type: 'id', label: ['服务', 'Service'], required: true, requiredMessage: ['请选择服务', 'Please choose the service'], filter: 'equal', ui: { width: 200 } } },
});

/** 访问记录 (a person's own): written when a signed-in person opens a service's guide or starts it. */
export const serviceVisitModel = defineModel({
  name: 'serviceVisit', table: 'blade_portal_service_visit', api: '/api/blade-portal/serviceVisit', title: ['访问记录', 'Visits'], tenant: true, owner: true,
  permission: null, access: 'every signed-in user, their own rows only (owner)',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    serviceId: { type: 'id', label: ['服务', 'Service'], required: true, requiredMessage: ['请选择服务', 'Please choose the service'], filter: 'equal', ui: { width: 200 } },
    visitType: { type: 'int', label: ['类型', 'Kind'], required: true, default: 1, filter: 'equal', options: [{ value: 1, label: ['浏览', 'Viewed'] }, { value: 2, label: ['办理', 'Started'], color: 'blue' }], ui: { width: 80 } },
  },
});

/**
 * 服务统计 (per service per day, written by the server): visits, starts, favourites. The counters of the
 * index (getSumStatistics) and hot services / departments (getHotService, getHotDept) are read from it.
 */
export const serviceStatisticsModel = defineModel({
  name: 'serviceStatistics', table: 'blade_portal_service_statistics', api: '/api/blade-portal/serviceStatisticsSum', title: ['服务统计', 'Service statistics'], tenant: true, audit: false, softDelete: false,
  permission: 'portal_service', order: [{ field: 'statDate', dir: 'desc' }],
  fields: {
    serviceId: { type: 'id', label: ['服务', 'Service'], required: true, filter: 'equal', readOnly: true, ui: { width: 200 } },
    statDate: { type: 'string', label: ['日期', 'Date'], length: 10, required: true, filter: 'equal', readOnly: true, ui: { width: 110 } },
    visitCount: { type: 'int', label: ['访问量', 'Visits'], required: true, default: 0, readOnly: true, sortable: true, ui: { width: 90 } },
    startCount: { type: 'int', label: ['办理量', 'Starts'], required: true, default: 0, readOnly: true, sortable: true, ui: { width: 90 } },
    collectCount: { type: 'int', label: ['收藏量', 'Favourites'], required: true, default: 0, readOnly: true, ui: { width: 90 } },
  },
});

/** 服务评价与反馈: a signed-in person's rating and words on a service; staff answer it. */
export const serviceFeedbackModel = defineModel({
  name: 'serviceFeedback', table: 'blade_portal_service_feedback', api: '/api/blade-portal/serviceFeedback', title: ['服务反馈', 'Feedback'], tenant: true,
  permission: 'portal_feedback', access: 'anyone signed in adds their own (submit without an id); the list, answers and removal need portal_feedback',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    serviceId: { type: 'id', label: ['服务', 'Service'], required: true, requiredMessage: ['请选择服务', 'Please choose the service'], filter: 'equal', ui: { width: 180, form: false } },
    rating: { type: 'int', label: ['评分', 'Rating'], required: true, default: 5, min: 1, max: 5, rangeMessage: ['评分须在 1 到 5 之间', 'The rating must be from 1 to 5'], filter: 'equal', ui: { width: 80, form: false } },
    content: { type: 'string', label: ['反馈内容', 'Feedback'], length: 1000, required: true, requiredMessage: ['请输入反馈内容', 'Please enter your feedback'], filter: 'like', ui: { width: 260, ellipsis: true, form: false } },
    contactPhone: { type: 'string', label: ['联系电话', 'Phone'], length: 32, ui: { width: 120, form: false } },
    reply: { type: 'string', label: ['答复', 'Answer'], length: 1000, ui: { width: 220, ellipsis: true, form: 'textarea', rows: 4 } },
    replyTime: { type: 'datetime', label: ['答复时间', 'Answered at'], readOnly: true, ui: { width: 170 } },
    replyStatus: { type: 'int', label: ['状态', 'State'], required: true, default: 0, readOnly: true, filter: 'equal', options: [{ value: 0, label: ['待答复', 'Waiting'], color: 'orange' }, { value: 1, label: ['已答复', 'Answered'], color: 'green' }], ui: { width: 90 } },
  },
});

/** 网址管理: the footer's and link floors' addresses. */
export const urlManageModel = defineModel({
  name: 'urlManage', table: 'blade_portal_url', api: '/api/blade-portal/urlManage', title: ['网址管理', 'Links'], tenant: true, permission: 'portal_url',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN,
    urlType: {
      type: 'string', label: ['分组', 'Group'], length: 16, required: true, default: 'footer', filter: 'equal', ui: { width: 100, span: 12, form: 'select' },
      options: [{ value: 'footer', label: ['页脚链接', 'Footer'] }, { value: 'friend', label: ['友情链接', 'Partner sites'], color: 'blue' }, { value: 'floor', label: ['楼层链接', 'Floor links'], color: 'purple' }],
    },
    url: { ...LINK, required: true, requiredMessage: ['请输入链接地址', 'Please enter the link'] },
    icon: ICON, openWay: { ...OPEN_WAY, default: 3 }, sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 新闻来源: where a news column reads from: the platform's notices of a category, or a list of links. */
export const newsSourceModel = defineModel({
  name: 'newsSource', table: 'blade_portal_news_source', api: '/api/blade-portal/newsSource', title: ['新闻来源', 'News sources'], tenant: true, permission: 'portal_news',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN,
    sourceType: {
      type: 'string', label: ['来源类型', 'Kind'], length: 16, required: true, default: 'notice', filter: 'equal', ui: { width: 110, span: 12, form: 'radio' },
      options: [{ value: 'notice', label: ['通知公告', 'Notices'] }, { value: 'link', label: ['外部链接', 'External page'], color: 'orange' }],
    },
    noticeCategory: { type: 'string', label: ['公告类型', 'Notice kind'], length: 16, ui: { width: 100, span: 12 } },
    url: { ...LINK, label: ['来源地址', 'Address'] },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 名言警句: the index shows one at random (getRandAphorism). */
export const aphorismModel = defineModel({
  name: 'aphorism', table: 'blade_portal_aphorism', api: '/api/blade-portal/aphorism', title: ['名言警句', 'Sayings'], tenant: true, permission: 'portal_aphorism',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    content: { type: 'string', label: ['内容', 'Saying'], length: 500, required: true, requiredMessage: ['请输入内容', 'Please enter the saying'], filter: 'like', ui: { width: 360, ellipsis: true, form: 'textarea', rows: 3 } },
    contentEn: { type: 'string', label: ['英文内容', 'In English'], length: 1000, ui: { hideInTable: true, form: 'textarea', rows: 3 } },
    author: { type: 'string', label: ['出处', 'Source'], length: 100, filter: 'like', ui: { width: 140 } },
    status: STATUS_FIELD,
  },
});

/**
 * 待办中心 instance records (/api/todoCenter/tcInstance): a process a person started from a service of
 * the portal (the service, its instance and title); the person's own rows. Written by the server when a
 * service's process starts; getMySendList / getMySendRallyList read the engine's instances.
 */
export const tcInstanceModel = defineModel({
  name: 'tcInstance', table: 'blade_portal_tc_instance', api: '/api/todoCenter/tcInstance', title: ['办件记录', 'Service requests'], tenant: true, owner: true,
  permission: null, access: 'every signed-in user, their own rows only (owner)',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    serviceId: { type: 'id', label: ['服务', 'Service'], required: true, requiredMessage: ['请选择服务', 'Please choose the service'], filter: 'equal', ui: { hideInTable: true } },
    serviceName: { type: 'string', label: ['服务名称', 'Service'], length: 100, filter: 'like', ui: { width: 180 } },
    processInstanceId: { type: 'id', label: ['流程实例', 'Process instance'], required: true, requiredMessage: ['请选择流程实例', 'Please choose the process instance'], filter: 'equal', ui: { hideInTable: true } },
    processDefKey: { type: 'string', label: ['流程标识', 'Process key'], length: 255, filter: 'equal', ui: { width: 140 } },
    title: { type: 'string', label: ['标题', 'Title'], length: 255, filter: 'like', ui: { width: 240 } },
  },
});

/** 个人数据分类 (the personal data centre's categories, e.g. 获奖情况, 证书资质): each with its fields (a designed form). */
export const personalDataCategoryModel = defineModel({
  name: 'personalDataCategory', table: 'blade_portal_personal_category', api: '/api/blade-data/personalCategory', title: ['个人数据分类', 'Personal data categories'], tenant: true, permission: 'portal_personal',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    name: NAME, nameEn: NAME_EN, icon: ICON,
    formContent: { type: 'text', label: ['字段设计', 'Fields'], length: 200000, format: 'json', ui: { hideInTable: true, form: false } },
    multiple: { type: 'int', label: ['可多条', 'Several entries'], required: true, default: 1, options: [{ value: 0, label: ['单条', 'One'] }, { value: 1, label: ['多条', 'Several'], color: 'blue' }], ui: { width: 90, span: 12, form: 'radio' } },
    sort: SORT_FIELD, status: STATUS_FIELD,
  },
});

/** 个人数据: a person's own entry of a category (its values checked by the category's form, the one validator). */
export const personalDataModel = defineModel({
  name: 'personalData', table: 'blade_portal_personal_data', api: '/api/blade-data/personal', title: ['个人数据', 'Personal data'], tenant: true, owner: true,
  permission: null, access: 'every signed-in user, their own rows only (owner): personalData, savePersonalData, delPersonalData',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    categoryId: { type: 'id', label: ['分类', 'Category'], required: true, requiredMessage: ['请选择分类', 'Please choose the category'], filter: 'equal' },
    content: { type: 'text', label: ['内容', 'Values'], length: 200000, required: true, format: 'json' },
  },
});

export const PORTAL_MODELS = [
  portalConfigModel, portalTopMenuModel, slideshowTypeModel, slideshowModel, serviceCategoryModel, serviceManageModel, serviceRecommendModel, servicePackageModel,
  throughDeptModel, throughTrainModel, floorModel, columnModel, precinctModel, shortcutEntranceModel, specialServiceModel, specialServiceColumnModel,
  serviceCollectModel, serviceVisitModel, serviceStatisticsModel, serviceFeedbackModel, urlManageModel, newsSourceModel, aphorismModel,
  tcInstanceModel, personalDataCategoryModel, personalDataModel,
];
