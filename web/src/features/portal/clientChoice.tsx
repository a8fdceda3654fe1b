// Which of the customer's clients the portal shows: their first by name, or the one they last
// chose (kept in localStorage, so a reload keeps it). Every list and the header follow it.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../api/session';
import type { LoggedUser } from '../../api/types';

export type PortalClient = LoggedUser['clients'][number];

const STORAGE_KEY = 'portalClient';

interface ClientChoice {
  /** `null` only for a customer who belongs to no client (the server refuses to make one). */
  client: PortalClient | null;
  clients: readonly PortalClient[];
  choose: (id: number) => void;
}

const Context = createContext<ClientChoice>({ client: null, clients: [], choose: () => undefined });

function stored(): number | null {
  const id = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ClientChoiceProvider({ children }: { children: ReactNode }) {
  const clients = useCurrentUser()?.clients ?? [];
  const [chosen, setChosen] = useState(stored);
  const client = clients.find((c) => c.id === chosen) ?? clients[0] ?? null;
  const choose = (id: number) => {
    localStorage.setItem(STORAGE_KEY, String(id));
    setChosen(id);
  };
  return <Context.Provider value={{ client, clients, choose }}>{children}</Context.Provider>;
}

export function useClientChoice(): ClientChoice {
  return useContext(Context);
}
