// Printing through a hidden frame (spec 000 §9 / 001 §9): the filled template goes into a frame
// that runs no scripts, printing starts after 500 ms and the frame is removed 100 ms after the
// print dialog returns.
const PRINT_DELAY = 500;
const REMOVE_DELAY = 100;

const STYLE = `body{font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#000;margin:16px;font-size:14px}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f5f5}h1,h2,h3{margin:8px 0}@page{margin:12mm}`;

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Prints `html` (the server's filled and escaped template) under `title`. Resolves when the frame is gone. */
export function printHtml(title: string, html: string): Promise<void> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.className = 'wf-print-frame';
    // same origin so the page may call print(); no allow-scripts: nothing in a template runs
    frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
    frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeText(title)}</title><style>${STYLE}</style></head><body>${html}</body></html>`;
    frame.onload = () => {
      window.setTimeout(() => {
        try {
          frame.contentWindow?.focus();
          frame.contentWindow?.print();
        } finally {
          window.setTimeout(() => {
            frame.remove();
            resolve();
          }, REMOVE_DELAY);
        }
      }, PRINT_DELAY);
    };
    document.body.appendChild(frame);
  });
}
