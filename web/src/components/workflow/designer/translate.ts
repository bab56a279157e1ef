// bpmn-js in the reader's language: diagram-js asks its `translate` service for every text it
// shows (palette and context pad titles, the replace menu's entries and headers, align /
// distribute menus, search, modeling errors), always with the English template. This module
// replaces that service: in English the template itself, in Chinese its entry in bpmn-zh.json
// (every string bpmn-js and diagram-js pass to translate; web/e2e/bpmn-translate.test.ts fails
// when one is missing). The language is read at each call, so after a switch the designer only
// has to redraw what it shows (ProcessDesigner fires i18n.changed and reopens the context pad).
import zh from './bpmn-zh.json';

const ZH: Record<string, string> = zh;

/** diagram-js's translate(template, replacements) in a given language ('en' or Chinese otherwise). */
export function translateBpmn(language: string, template: string, replacements: Record<string, unknown> = {}): string {
  const text = language === 'en' ? template : (ZH[template] ?? template);
  return text.replace(/\{([^}]+)\}/g, (whole, key: string) => (key in replacements ? String(replacements[key]) : whole));
}

interface EventBusLike {
  on(event: string, cb: () => void): void;
}
interface CanvasLike {
  getContainer(): HTMLElement;
}

/**
 * diagram-js gives palette entries an aria-label only, so hovering one shows nothing: each
 * (re)drawn palette entry also gets its translated text as its hover title.
 */
function PaletteTitles(eventBus: EventBusLike, canvas: CanvasLike) {
  eventBus.on('palette.changed', () => {
    for (const entry of canvas.getContainer().querySelectorAll('.djs-palette .entry[aria-label]')) {
      entry.setAttribute('title', entry.getAttribute('aria-label') ?? '');
    }
  });
}
PaletteTitles.$inject = ['eventBus', 'canvas'];

/**
 * The replace menu's search count ("3 results found") is written by diagram-js itself, not through
 * translate: its text is left to preact, and a data-label carries the translated count, which
 * designer.css shows in its place.
 */
function PopupSearchCount(eventBus: EventBusLike, canvas: CanvasLike, translate: Translate) {
  let observer: MutationObserver | null = null;
  const label = (root: HTMLElement) => {
    const count = root.querySelector<HTMLElement>('.djs-popup-search-count');
    if (!count) return;
    const m = /^(\d+) results? found$/.exec((count.textContent ?? '').replace(/\s+/g, ' ').trim());
    const text = m ? (m[1] === '1' ? translate('1 result found') : translate('{count} results found', { count: m[1] })) : '';
    if (text && text !== count.textContent?.replace(/\s+/g, ' ').trim()) count.setAttribute('data-label', text);
    else count.removeAttribute('data-label');
  };
  eventBus.on('popupMenu.opened', () => {
    const root = canvas.getContainer().querySelector<HTMLElement>('.djs-popup-parent');
    if (!root) return;
    observer?.disconnect();
    observer = new MutationObserver(() => label(root));
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  });
  eventBus.on('popupMenu.closed', () => {
    observer?.disconnect();
    observer = null;
  });
}
PopupSearchCount.$inject = ['eventBus', 'canvas', 'translate'];

type Translate = (template: string, replacements?: Record<string, unknown>) => string;

/** The bpmn-js module overriding `translate` (and titling the palette): additionalModules: [translateModule(() => i18n.language)]. */
export function translateModule(language: () => string): {
  __init__: string[];
  translate: ['value', Translate];
  paletteTitles: ['type', typeof PaletteTitles];
  popupSearchCount: ['type', typeof PopupSearchCount];
} {
  return {
    __init__: ['paletteTitles', 'popupSearchCount'],
    translate: ['value', (template, replacements) => translateBpmn(language(), template, replacements)],
    paletteTitles: ['type', PaletteTitles],
    popupSearchCount: ['type', PopupSearchCount],
  };
}
