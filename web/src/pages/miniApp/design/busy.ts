// One action at a time for a dialog's OK button: busy while it runs (its confirmLoading), a second
// press meanwhile ignored; a refusal the request layer already showed ends it quietly (001 §8: a
// failed save clears the loading, the error is only logged).
import { useCallback, useRef, useState } from 'react';

export function useBusy(): [boolean, (fn: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const going = useRef(false);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    if (going.current) return;
    going.current = true;
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      console.warn(e);
    } finally {
      going.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
