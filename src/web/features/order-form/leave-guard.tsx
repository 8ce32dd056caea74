import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/**
 * Asks before leaving a form with unsaved edits: another page of the app (react-router's blocker,
 * with a dialog) or the browser's own leave (beforeunload). `allowNextLeave()` lets the form's own
 * navigation after a save through.
 */
export const useLeaveGuard = (dirty: boolean) => {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p>Your changes to this order are not saved. Save Draft keeps them.</p>
    </Modal>
  );

  return {
    dialog,
    /** Lets the next navigation through (after a save, whose state update has not rendered yet). */
    allowNextLeave: () => {
      allowed.current = true;
    },
  };
};
