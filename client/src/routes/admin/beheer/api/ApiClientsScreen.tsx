import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { searchParams, urls } from '@/lib/urls';
import { useUrlState } from '@/lib/urlState';
import { ApiClientForm } from './ApiClientForm';
import { ApiKeyOnce } from './ApiKeyOnce';
import { ApiClientDetail } from './ApiClientDetail';
import { ApiClientList } from './ApiClientList';

/**
 * /admin/beheer/api: the partner API clients of the viewer's municipalities (?koppeling=<id> opens one); create one
 * (its key is shown once), rotate a key with a grace period, revoke a client.
 */
export default function ApiClientsScreen() {
  const url = useUrlState();
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  const selected = url.get(searchParams.apiClient);
  return (
    <Page
      title="API-koppelingen"
      lead="Partners die de API van het platform gebruiken. Elke koppeling heeft een eigen sleutel, gemeente, rechten en limiet."
    >
      <p>
        <Link to={urls.admin.beheer.apiDocumentation()}>API-documentatie</Link>
        {' · '}
        <Link to={urls.admin.beheer.apiEncryption()}>Versleuteling van persoonsgegevens</Link>
      </p>
      {newKey ? (
        <ApiKeyOnce clientName={newKey.name} apiKey={newKey.key} onDone={() => setNewKey(null)} />
      ) : creating ? (
        <ApiClientForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setNewKey({ name: c.name, key: c.key });
            url.set({ [searchParams.apiClient]: c.id }, { replace: true });
          }}
        />
      ) : (
        <p>
          <button type="button" className="gw-button" onClick={() => setCreating(true)}>
            Nieuwe koppeling
          </button>
        </p>
      )}
      {selected && !newKey ? (
        <ApiClientDetail key={selected} id={selected} onKey={(name, key) => setNewKey({ name, key })} />
      ) : null}
      <ApiClientList />
    </Page>
  );
}
