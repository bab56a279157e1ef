// The service model's own texts (model.serviceManage.<fields|required|options|rules>.…, registered
// in both languages by modelResource from @campus/schema serviceManageModel) for the screens that
// draw its form themselves: the edit page and its editors.
import i18n from '../../../i18n';

export const serviceText = (path: string): string => i18n.t(`model.serviceManage.${path}`);
