/**
 * GraphQL sandbox (GraphiQL 5) against /graphql, served by the server at /sandbox when enabled.
 * A separate Vite entry (sandbox.html): GraphiQL and Monaco never reach the main bundle.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './sandbox.css';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetcher } from './fetcher';

const container = document.getElementById('sandbox');
if (!container) throw new Error('Element #sandbox ontbreekt in sandbox.html');

createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultEditorToolsVisibility={false} />
  </StrictMode>,
);
