import { useEffect, useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { UserInfo } from '@portal/contract';
import { profileValuesOf, type ProfileValues } from './profile-values';

/**
 * Keeps the Profile form in step with the server's profile. When a fresh profile arrives
 * (after a save, or a phone number proven by its code) it becomes the form's baseline, so
 * "something changed" starts over; fields the server did not change keep the user's edits.
 * The form stays mounted, so focus is not lost.
 */
export function useServerBaseline(form: UseFormReturnType<ProfileValues>, userInfo: UserInfo): void {
  const previous = useRef(profileValuesOf(userInfo));

  useEffect(() => {
    const next = profileValuesOf(userInfo);
    const changedKeys = (Object.keys(next) as (keyof ProfileValues)[]).filter((key) => next[key] !== previous.current[key]);
    previous.current = next;
    if (changedKeys.length === 0) return;
    form.setValues(Object.fromEntries(changedKeys.map((key) => [key, next[key]])));
    form.resetDirty(next);
    // `form` is a new object each render; only a new profile matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userInfo]);
}
