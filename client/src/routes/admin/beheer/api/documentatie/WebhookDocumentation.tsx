import { useId } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '@/graphql/generated';
import { queryPending } from '@/components/ui/queryPending';

const ApiDocumentationWebhooksDocument = graphql(`
  query ApiDocumentationWebhooks {
    webhookEventTypes {
      type
      description
      permission
      exampleBody
    }
    apiDocumentation {
      permissions {
        permission
        description
      }
    }
  }
`);

/** Verification in a few lines, with the Standard Webhooks libraries of each language (they check time and signature). */
export const VERIFY_SNIPPETS: { language: string; install: string; code: string }[] = [
  {
    language: 'Node.js',
    install: 'npm install standardwebhooks',
    code: `import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.GEMEENTEWINKEL_WEBHOOK_SECRET); // whsec_…
const app = express();

// The body as it arrived (raw): the signature is over these exact bytes.
app.post('/webhooks/gemeentewinkel', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body, req.headers); // throws on a wrong signature or an old timestamp
  } catch {
    return res.sendStatus(400);
  }
  // Deliveries are at-least-once: skip a webhook-id you have handled before.
  console.log(req.headers['webhook-id'], event.type, event.data);
  res.sendStatus(204);
});`,
  },
  {
    language: 'Python',
    install: 'pip install standardwebhooks',
    code: `import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

wh = Webhook(os.environ["GEMEENTEWINKEL_WEBHOOK_SECRET"])  # whsec_…
app = Flask(__name__)

@app.post("/webhooks/gemeentewinkel")
def receive():
    try:
        event = wh.verify(request.get_data(), dict(request.headers))
    except WebhookVerificationError:
        return "", 400
    # Deliveries are at-least-once: skip a webhook-id you have handled before.
    print(request.headers["webhook-id"], event["type"], event["data"])
    return "", 204`,
  },
  {
    language: 'C# (.NET)',
    install: 'dotnet add package StandardWebhooks',
    code: `using StandardWebhooks;
using StandardWebhooks.Diagnostics;

var wh = new StandardWebhook(Environment.GetEnvironmentVariable("GEMEENTEWINKEL_WEBHOOK_SECRET")); // whsec_…
var app = WebApplication.Create(args);

app.MapPost("/webhooks/gemeentewinkel", async (HttpRequest request) =>
{
    using var reader = new StreamReader(request.Body);
    var body = await reader.ReadToEndAsync(); // the body as it arrived
    try { wh.Verify(body, request.Headers); } // throws on a wrong signature or an old timestamp
    catch (WebhookVerificationException) { return Results.BadRequest(); }
    // Deliveries are at-least-once: skip a webhook-id you have handled before.
    return Results.NoContent();
});
app.Run();`,
  },
];

/**
 * The webhooks part of the API documentation (issue 29): how deliveries work, every event type with the permission it
 * needs and an example body — both from the server's one list of definitions (`webhookEventTypes`) — and how to verify
 * a signature in Node, Python and C#.
 */
export function WebhookDocumentation() {
  const ids = useId();
  const query = useQuery(ApiDocumentationWebhooksDocument);
  const pending = queryPending(query, 'De documentatie van de webhooks kon niet worden geladen.');
  if (pending) return pending;
  const descriptions = new Map(
    (query.data?.apiDocumentation.permissions ?? []).map((p) => [p.permission as string, p.description]),
  );
  return (
    <section aria-labelledby={`${ids}-webhooks`}>
      <h2 id={`${ids}-webhooks`}>Webhooks</h2>
      <p>
        In plaats van steeds te vragen wat er veranderd is, kan een koppeling berichten ontvangen: een <code>POST</code>{' '}
        met JSON naar een https-adres dat u bij de koppeling instelt (Beheer › API-koppelingen). De berichten volgen de{' '}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>-specificatie: de kopregels{' '}
        <code>webhook-id</code>, <code>webhook-timestamp</code> en <code>webhook-signature</code> (HMAC-SHA256 over{' '}
        <code>id.timestamp.body</code>, met een sleutel die begint met <code>whsec_</code>).
      </p>
      <ul>
        <li>
          Een koppeling krijgt alleen berichten van haar eigen gemeente, en alleen soorten die zij met haar rechten ook
          via de API mag lezen. Een bericht bevat id&apos;s en de nieuwe toestand, geen persoonsgegevens.
        </li>
        <li>
          Antwoord binnen 10 seconden met een 2xx-status. Anders proberen we het opnieuw, met steeds langere pauzes,
          ongeveer drie dagen lang. Doorverwijzingen (3xx) volgen we niet.
        </li>
        <li>
          Berichten over hetzelfde onderwerp (een bestelling, een toekenning) komen in volgorde aan. Een bericht kan
          meer dan eens komen: gebruik <code>webhook-id</code> om dubbele over te slaan.
        </li>
        <li>
          Na te veel mislukte pogingen op rij wordt de webhook uitgeschakeld; de beheerder van de koppeling krijgt een
          e-mail. Berichten blijven bewaard en gaan alsnog uit zodra de webhook weer aan staat.
        </li>
        <li>
          Bij een nieuwe ondertekeningssleutel ondertekenen de oude en de nieuwe sleutel een tijd lang allebei, zodat u
          zonder onderbreking kunt overstappen.
        </li>
      </ul>
      <h3>Soorten berichten</h3>
      {(query.data?.webhookEventTypes ?? []).map((t) => (
        <details key={t.type} className="gw-api-operation">
          <summary>
            <code>{t.type}</code> — {t.description}
          </summary>
          <p>
            Nodig recht: {descriptions.get(t.permission) ?? t.permission} (<code>{t.permission}</code>)
          </p>
          <figure>
            <figcaption>Voorbeeld van {t.type}</figcaption>
            <pre>
              <code>{t.exampleBody}</code>
            </pre>
          </figure>
        </details>
      ))}
      <h3>De ondertekening controleren</h3>
      <p>Met de Standard Webhooks-bibliotheek van uw taal is dat een paar regels:</p>
      {VERIFY_SNIPPETS.map((s) => (
        <div key={s.language}>
          <h4>{s.language}</h4>
          <p>
            <code>{s.install}</code>
          </p>
          <figure>
            <figcaption>Voorbeeld in {s.language}</figcaption>
            <pre>
              <code>{s.code}</code>
            </pre>
          </figure>
        </div>
      ))}
    </section>
  );
}
