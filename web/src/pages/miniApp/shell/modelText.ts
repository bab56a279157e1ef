// A model's own texts (@campus/schema defineModel: labels, required and rule messages, each [zh, en])
// in the reader's language, for the screens that draw a model's form themselves.
import type { ModelDef } from '@campus/schema';
import i18n from '../../../i18n';

const at = () => (i18n.language === 'en' ? 1 : 0);
type Field = { label: readonly [string, string]; requiredMessage?: readonly [string, string]; patternMessage?: readonly [string, string] };
const field = (model: ModelDef, name: string) => (model.fields as Record<string, Field>)[name];

/** The field's label. */
export const mLabel = (model: ModelDef, name: string): string => field(model, name)?.label[at()] ?? name;
/** The field's required message (请输入… / Please enter …). */
export const mRequired = (model: ModelDef, name: string): string => field(model, name)?.requiredMessage?.[at()] ?? i18n.t('common.required', { label: mLabel(model, name) });
/** The field's pattern message. */
export const mInvalid = (model: ModelDef, name: string): string => field(model, name)?.patternMessage?.[at()] ?? mLabel(model, name);
