import { useState } from 'react';
import { useStoredUser } from './stored-user';

/**
 * The client a console screen edits, among those the person reaches: the one chosen, else the
 * person's own, else the first. Its id as text is what a client select holds.
 */
export function useChosenClient<Client extends { id: number; code: string }>(clients: readonly Client[] | undefined) {
  const user = useStoredUser();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = clients ?? [];
  const client =
    list.find((candidate) => String(candidate.id) === chosen) ?? list.find((candidate) => candidate.code === user?.client) ?? list[0];
  return { list, client, choose: setChosen };
}
