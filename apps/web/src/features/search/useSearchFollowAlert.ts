import { useCallback } from 'react';
import { useToast } from '../../components/useToast';
import { followAlertText } from '../../lib/text';

/**
 * SPEC §2 Search: "A follow action only shows an alert". We show it as a toast rather than
 * window.alert(): it says the same thing, is announced politely (role="status"), and does not
 * block the page or steal focus. Nothing is sent to the server.
 */
export function useSearchFollowAlert() {
  const toast = useToast();
  return useCallback(
    (person: { username: string }) => {
      toast.show(followAlertText(person.username), { type: 'info' });
    },
    [toast],
  );
}
