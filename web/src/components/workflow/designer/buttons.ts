// The buttons a user task may offer: the engine's keys (server engine.ts BUTTONS; the detail page
// acts on these only), named, ordered and shown or hidden by the tenant's button set (wf_button,
// 流程按钮). Pure module.

/** The engine's button keys, in its default order. */
export const DEFAULT_BUTTONS = [
  'wf_pass', 'wf_reject', 'wf_rollback', 'wf_terminate', 'wf_transfer', 'wf_delegate',
  'wf_add_instance', 'wf_delete_instance', 'wf_copy', 'wf_urge', 'wf_withdraw', 'wf_print',
];

/** A row of the button set as the designer receives it. */
export interface ButtonSetting {
  key: string;
  name: string;
  /** 1 (or missing) shown, 0 hidden */
  display?: number;
  sort?: number;
}

export interface ButtonChoice {
  key: string;
  /** the set's name, or the engine default's label */
  name: string;
  /** hidden in the set: the detail page does not show it */
  hidden: boolean;
}

/**
 * The choices of the per-task button list: every engine key, with the set's name, order and
 * display where the set has the key; keys the set does not name keep their default label and
 * come after, in the engine's order. Keys the engine does not know are left out.
 */
export function buttonChoices(set: ButtonSetting[], label: (key: string) => string): ButtonChoice[] {
  const byKey = new Map(set.filter((b) => DEFAULT_BUTTONS.includes(b.key)).map((b) => [b.key, b]));
  const named = [...byKey.values()].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || DEFAULT_BUTTONS.indexOf(a.key) - DEFAULT_BUTTONS.indexOf(b.key));
  return [
    ...named.map((b) => ({ key: b.key, name: b.name || label(b.key), hidden: Number(b.display ?? 1) === 0 })),
    ...DEFAULT_BUTTONS.filter((k) => !byKey.has(k)).map((k) => ({ key: k, name: label(k), hidden: false })),
  ];
}
