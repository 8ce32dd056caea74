import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover on a click outside `container` or on Escape; Escape returns focus to `trigger`
 * so keyboard users stay where they were.
 */
export const useDismiss = (open: boolean, close: () => void, container: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, container, trigger]);
};
