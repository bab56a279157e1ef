import type { FieldOption } from '../../components/ResourceList';

export const statusOptions: FieldOption[] = [
  { label: 'thirdparty.status1', value: 1, color: 'green' },
  { label: 'thirdparty.status0', value: 0, color: 'default' },
];
export const authTypes: FieldOption[] = [
  { label: 'thirdparty.authNone', value: 'none' },
  { label: 'thirdparty.authOauth2', value: 'oauth2', color: 'blue' },
];
export const requestTypes: FieldOption[] = ['POST', 'GET', 'PUT', 'DELETE'].map((m) => ({ label: m, value: m }));
export const positions: FieldOption[] = [
  { label: 'thirdparty.position1', value: 1 },
  { label: 'thirdparty.position2', value: 2 },
  { label: 'thirdparty.position3', value: 3 },
];
export const backTypesApp: FieldOption[] = [
  { label: 'json', value: 'json' },
  { label: 'xml', value: 'xml' },
];
export const backTypes: FieldOption[] = [...backTypesApp, { label: 'str', value: 'str' }];
export const validityUnits: FieldOption[] = [
  { label: 'thirdparty.unitHours', value: 'hours' },
  { label: 'thirdparty.unitMinutes', value: 'minutes' },
  { label: 'thirdparty.unitSecond', value: 'second' },
];
export const serviceTypes: FieldOption[] = [
  { label: 'thirdparty.typeInternal', value: 'internal', color: 'purple' },
  { label: 'thirdparty.typeExternal', value: 'external', color: 'blue' },
  { label: 'thirdparty.typeSql', value: 'sqlService', color: 'orange' },
];
export const paramTypes: FieldOption[] = [
  { label: 'thirdparty.paramType1', value: 1 },
  { label: 'thirdparty.paramType2', value: 2 },
  { label: 'thirdparty.paramType3', value: 3 },
  { label: 'thirdparty.paramType4', value: 4 },
  { label: 'thirdparty.paramType5', value: 5 },
];
export const encryptions: FieldOption[] = ['UrlEncode', 'Base64', 'MD5', 'AES', 'SHA1', 'RSA'].map((m) => ({ label: m, value: m }));
export const yesNo: FieldOption[] = [
  { label: 'thirdparty.no', value: 0 },
  { label: 'thirdparty.yes', value: 1 },
];
export const results: FieldOption[] = [
  { label: 'thirdparty.result1', value: 1, color: 'green' },
  { label: 'thirdparty.result0', value: 0, color: 'red' },
];
