// Navigation from outside React (request layer, timers): the router registers itself here.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  window.location.hash = `#${to}`;
};

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}
