import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import express from 'express';
import { generateKeyPairSync } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { AssuranceLevel } from '../digid.js';
import { applicationNow, type Clock } from '../../../kernel/clock.js';
import { escapeHtml, simplePage } from '../../../http/simple-page.js';
import { readRedirect } from '../saml/request.js';
import { makeArtifact, soapEnvelope } from '../saml/artifact-resolve.js';
import {
  escapeXml,
  instant,
  LEVEL_CLASSES,
  LEVELS,
  levelOfClass,
  NS,
  onlyChild,
  parseXml,
  samlId,
  signEnveloped,
  STATUS,
  textOf,
  withoutDeclaration,
} from '../saml/xml.js';
import { generateSamlTestCertificates, writeSamlTestFiles, type SamlTestCertificates } from './saml-certificates.js';

/** Switches for tests: each makes the artifact resolution answer a message that our side must refuse. */
export interface SamlIdpSwitches {
  /** No signatures at all. */
  unsigned?: boolean;
  /** Signed with a key that is not DigiD's. */
  wrongKey?: boolean;
  /** The BSN changed after signing. */
  altered?: boolean;
  /** Signature wrapping: a forged ArtifactResponse (another BSN) around the signed one; `sameId` gives it its ID. */
  wrapping?: 'new-id' | 'same-id';
  /** The same artifact can be resolved more than once (our side must refuse the second). */
  replay?: boolean;
  audience?: string;
  /** Another sector code than s00000000 (BSN), e.g. s00000001 (sofinummer). */
  sector?: string;
  /** Issued and valid this many ms ago (too late). */
  agoMs?: number;
  /** Report this level in a Success response, whatever was asked. */
  level?: AssuranceLevel;
  /** Answer as if for another AuthnRequest. */
  inResponseTo?: string;
  issuer?: string;
}

interface Login {
  requestId: string;
  relayState: string;
  requested: AssuranceLevel;
  acsUrl: string;
}

interface Issued {
  login: Login;
  bsn: string;
  level: AssuranceLevel;
  status: 'success' | 'cancelled' | 'no-authn-context';
}

export interface SamlTestIdp {
  entityId: string;
  ssoUrl: string;
  artifactUrl: string;
  certificates: SamlTestCertificates;
  files: ReturnType<typeof writeSamlTestFiles>;
  /** The configuration our server needs for DIGID_MODE=saml against this identity provider. */
  env: (sp: { entityId: string; acsIndex?: number }) => Record<string, string>;
  /** Set by tests, read at each artifact resolution. */
  switches: SamlIdpSwitches;
  /** How many artifact resolutions it answered. */
  resolutions: number;
  close: () => Promise<void>;
}

export const LEVEL_NAMES: Record<AssuranceLevel, string> = {
  basis: 'Basis (gebruikersnaam en wachtwoord)',
  midden: 'Midden (DigiD-app of sms-controle)',
  substantieel: 'Substantieel (DigiD-app met identiteitsbewijs)',
  hoog: 'Hoog (identiteitsbewijs met chip)',
};

/**
 * A local identity provider that speaks DigiD's SAML: it checks the signed AuthnRequest on the Redirect binding,
 * shows a page where a tester enters a BSN and a level (or cancels), sends the browser back to the
 * AssertionConsumerService (from the request's index) with an artifact, and answers the artifact resolution over
 * mutual TLS (HTTPS that requires our client certificate from its CA) with a signed ArtifactResponse. Its
 * certificates are generated at start. For tests and for `npm run dev`, never for production.
 */
export async function startSamlTestIdp(options: {
  /** The service provider it serves: its entity id and its AssertionConsumerService URLs by index. */
  sp: { entityId: string; acs: Record<number, string> };
  host?: string;
  httpPort?: number;
  httpsPort?: number;
  /** Its clock (default: the application's, so a test's ManualClock moves both sides). */
  clock?: Clock;
}): Promise<SamlTestIdp> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? { now: applicationNow };
  const certificates = await generateSamlTestCertificates();
  const files = writeSamlTestFiles(certificates);
  const logins = new Map<string, Login>();
  const artifacts = new Map<string, Issued>();
  let entityId = '';

  const front = express();
  front.disable('x-powered-by');
  front.get('/saml/sso', (req, res) => {
    const raw = req.originalUrl.split('?')[1] ?? '';
    const redirect = readRedirect(raw, certificates.sp.certPem);
    const request = redirect && parseXml(redirect.xml)?.documentElement;
    const classRef = textOf(
      request
        ? onlyChild(onlyChild(request, NS.samlp, 'RequestedAuthnContext'), NS.saml, 'AuthnContextClassRef')
        : undefined,
    );
    const requested = classRef ? levelOfClass(classRef) : undefined;
    const acsUrl = options.sp.acs[Number(request?.getAttribute('AssertionConsumerServiceIndex'))];
    if (
      !request ||
      !requested ||
      !acsUrl ||
      textOf(onlyChild(request, NS.saml, 'Issuer')) !== options.sp.entityId ||
      request.getAttribute('Destination') !== idp.ssoUrl
    ) {
      res.status(400).type('html').send(simplePage('Lokale DigiD', '<p role="alert">Ongeldig inlogverzoek.</p>'));
      return;
    }
    const id = randomBytes(16).toString('base64url');
    logins.set(id, {
      requestId: request.getAttribute('ID')!,
      relayState: redirect.relayState ?? '',
      requested,
      acsUrl,
    });
    const levelOptions = LEVELS.map(
      (level) =>
        `<option value="${level}"${level === requested ? ' selected' : ''}>${escapeHtml(LEVEL_NAMES[level])}</option>`,
    ).join('');
    res.type('html').send(
      simplePage(
        'Lokale DigiD (SAML)',
        `<p class="notice"><strong>Testomgeving.</strong> Dit is een lokale identity provider die de SAML-koppeling met DigiD nabootst. Gevraagd niveau: ${escapeHtml(LEVEL_NAMES[requested])}.</p>
        <form method="post" action="/saml/sso/login">
          <input type="hidden" name="login" value="${id}">
          <p><label for="bsn">BSN</label><br><input id="bsn" name="bsn" inputmode="numeric" autocomplete="off" pattern="[0-9]{9}"></p>
          <p><label for="level">Betrouwbaarheidsniveau</label><br><select id="level" name="level">${levelOptions}</select></p>
          <p><button type="submit" name="action" value="login">Inloggen</button>
          <button type="submit" name="action" value="cancel" class="secondary">Annuleren</button></p>
        </form>`,
      ),
    );
  });
  front.post('/saml/sso/login', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const login = logins.get(String(req.body?.login ?? ''));
    const bsn = String(req.body?.bsn ?? '').trim();
    const cancel = req.body?.action === 'cancel';
    if (!login || (!cancel && !/^\d{9}$/.test(bsn))) {
      res
        .status(400)
        .type('html')
        .send(simplePage('Lokale DigiD', '<p role="alert">Vul een BSN van 9 cijfers in.</p>'));
      return;
    }
    logins.delete(String(req.body.login));
    const level = LEVELS.includes(req.body?.level) ? (req.body.level as AssuranceLevel) : login.requested;
    const status = cancel
      ? 'cancelled'
      : LEVELS.indexOf(level) < LEVELS.indexOf(login.requested)
        ? 'no-authn-context'
        : 'success';
    const artifact = makeArtifact(entityId, randomBytes(20));
    artifacts.set(artifact, { login, bsn, level, status });
    const url = new URL(login.acsUrl);
    url.searchParams.set('SAMLart', artifact);
    url.searchParams.set('RelayState', login.relayState);
    res.redirect(303, url.toString());
  });

  const back = express();
  back.post('/saml/artifact', express.text({ type: () => true, limit: '100kb' }), (req, res) => {
    const doc = parseXml(String(req.body ?? ''));
    const body = doc && onlyChild(doc.documentElement!, NS.soap, 'Body');
    const resolve = onlyChild(body, NS.samlp, 'ArtifactResolve');
    const signature = onlyChild(resolve, NS.ds, 'Signature');
    let valid = false;
    if (resolve && signature) {
      const sig = new SignedXml({ publicCert: certificates.sp.certPem, getCertFromKeyInfo: () => null });
      try {
        sig.loadSignature(signature);
        valid = sig.checkSignature(String(req.body));
      } catch {
        valid = false;
      }
    }
    if (!resolve || !valid || textOf(onlyChild(resolve, NS.saml, 'Issuer')) !== options.sp.entityId) {
      res.status(403).type('text/plain').send('ArtifactResolve niet (goed) ondertekend');
      return;
    }
    idp.resolutions++;
    const artifact = textOf(onlyChild(resolve, NS.samlp, 'Artifact')) ?? '';
    const issued = artifacts.get(artifact);
    if (!idp.switches.replay) artifacts.delete(artifact);
    res.type('text/xml').send(artifactResponse(resolve.getAttribute('ID')!, issued));
  });

  const wrongKey = (() => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certPem: '' };
  })();

  function artifactResponse(resolveId: string, issued: Issued | undefined): string {
    const s = idp.switches;
    const at = new Date(clock.now().getTime() - (s.agoMs ?? 0));
    const later = new Date(at.getTime() + 5 * 60_000);
    const key = s.wrongKey ? wrongKey : certificates.idpSigning;
    const sign = (xml: string) => (s.unsigned ? xml : signEnveloped(xml, key));
    const issuer = `<saml:Issuer>${escapeXml(s.issuer ?? entityId)}</saml:Issuer>`;
    if (!issued) return finish(resolveId, at, issuer, sign, () => '', ''); // unknown artifact: no Response
    const login = issued.login;
    const inResponseTo = escapeXml(s.inResponseTo ?? login.requestId);
    const status =
      issued.status === 'success'
        ? `<samlp:StatusCode Value="${STATUS.success}"/>`
        : `<samlp:StatusCode Value="${STATUS.responder}"><samlp:StatusCode Value="${
            issued.status === 'cancelled' ? STATUS.authnFailed : STATUS.noAuthnContext
          }"/></samlp:StatusCode>`;
    const assertion = (bsn: string, signed: boolean) =>
      (signed ? sign : (xml: string) => xml)(
        `<saml:Assertion xmlns:saml="${NS.saml}" ID="${samlId()}" Version="2.0" IssueInstant="${instant(at)}">${issuer}` +
          `<saml:Subject><saml:NameID>${escapeXml(s.sector ?? 's00000000')}:${escapeXml(bsn)}</saml:NameID>` +
          `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
          `<saml:SubjectConfirmationData InResponseTo="${inResponseTo}" Recipient="${escapeXml(login.acsUrl)}" NotOnOrAfter="${instant(later)}"/>` +
          `</saml:SubjectConfirmation></saml:Subject>` +
          `<saml:Conditions NotBefore="${instant(at)}" NotOnOrAfter="${instant(later)}"><saml:AudienceRestriction>` +
          `<saml:Audience>${escapeXml(s.audience ?? options.sp.entityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
          `<saml:AuthnStatement AuthnInstant="${instant(at)}" SessionIndex="${samlId()}"><saml:AuthnContext>` +
          `<saml:AuthnContextClassRef>${LEVEL_CLASSES[s.level ?? issued.level]}</saml:AuthnContextClassRef>` +
          `<saml:AuthenticatingAuthority>${escapeXml(entityId)}</saml:AuthenticatingAuthority>` +
          `</saml:AuthnContext></saml:AuthnStatement></saml:Assertion>`,
      );
    const responseFor = (bsn: string, signed = true) =>
      `<samlp:Response xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${samlId()}" Version="2.0" IssueInstant="${instant(at)}"` +
      ` InResponseTo="${inResponseTo}" Destination="${escapeXml(login.acsUrl)}">${issuer}` +
      `<samlp:Status>${status}</samlp:Status>${issued.status === 'success' ? withoutDeclaration(assertion(bsn, signed)) : ''}</samlp:Response>`;
    return finish(resolveId, at, issuer, sign, responseFor, issued.bsn);
  }

  /** The ArtifactResponse around the Response, signed, in SOAP; with the tampering the switches ask for. */
  function finish(
    resolveId: string,
    at: Date,
    issuer: string,
    sign: (xml: string) => string,
    responseFor: (bsn: string, signed?: boolean) => string,
    bsn: string,
  ): string {
    const s = idp.switches;
    const id = samlId();
    const wrap = (innerId: string, inner: string) =>
      `<samlp:ArtifactResponse xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${innerId}" Version="2.0"` +
      ` IssueInstant="${instant(at)}" InResponseTo="${escapeXml(resolveId)}">${issuer}` +
      `<samlp:Status><samlp:StatusCode Value="${STATUS.success}"/></samlp:Status>${inner}</samlp:ArtifactResponse>`;
    let signed = withoutDeclaration(sign(wrap(id, responseFor(bsn))));
    if (s.altered) signed = signed.replace(`s00000000:${bsn}`, `s00000000:${OTHER_BSN}`);
    if (s.wrapping) {
      // The attacker's message: their own ArtifactResponse (another BSN) in front, the genuine signed one hidden in its
      // Extensions, and the genuine signature moved to the forged element.
      const genuine = signed;
      const signature = /<ds:Signature[\s\S]*?<\/ds:Signature>/.exec(genuine)![0];
      const hidden = genuine.replace(signature, '');
      const forgedId = s.wrapping === 'same-id' ? id : samlId();
      signed =
        `<samlp:ArtifactResponse xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${forgedId}" Version="2.0"` +
        ` IssueInstant="${instant(at)}" InResponseTo="${escapeXml(resolveId)}">${issuer}${signature}` +
        `<samlp:Extensions>${hidden}</samlp:Extensions>` +
        `<samlp:Status><samlp:StatusCode Value="${STATUS.success}"/></samlp:Status>${responseFor(OTHER_BSN, false)}</samlp:ArtifactResponse>`;
    }
    return soapEnvelope(signed);
  }

  const frontServer: Server = createHttpServer(front);
  const backServer = createHttpsServer(
    {
      key: certificates.server.keyPem,
      cert: certificates.server.certPem,
      ca: certificates.ca.certPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    back,
  );
  await Promise.all([
    new Promise<void>((ok) => frontServer.listen(options.httpPort ?? 0, host, ok)),
    new Promise<void>((ok) => backServer.listen(options.httpsPort ?? 0, host, ok)),
  ]);
  const frontUrl = `http://${host}:${(frontServer.address() as AddressInfo).port}`;
  entityId = `${frontUrl}/saml/idp`;

  const idp: SamlTestIdp = {
    entityId,
    ssoUrl: `${frontUrl}/saml/sso`,
    artifactUrl: `https://${host}:${(backServer.address() as AddressInfo).port}/saml/artifact`,
    certificates,
    files,
    switches: {},
    resolutions: 0,
    env: (sp) => ({
      DIGID_MODE: 'saml',
      DIGID_SAML_ENTITY_ID: sp.entityId,
      DIGID_SAML_KEY_FILE: files.spKey,
      DIGID_SAML_CERT_FILE: files.spCert,
      DIGID_SAML_ACS_INDEX: String(sp.acsIndex ?? 0),
      DIGID_SAML_IDP_ENTITY_ID: entityId,
      DIGID_SAML_IDP_SSO_URL: idp.ssoUrl,
      DIGID_SAML_IDP_ARTIFACT_URL: idp.artifactUrl,
      DIGID_SAML_IDP_CERT_FILE: files.idpCert,
      DIGID_SAML_IDP_CA_FILE: files.ca,
    }),
    close: async () => {
      frontServer.closeAllConnections();
      backServer.closeAllConnections();
      await Promise.all([new Promise((ok) => frontServer.close(ok)), new Promise((ok) => backServer.close(ok))]);
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
  return idp;
}

/** The BSN a forged or altered message carries (valid under the elfproef, so only the signature can stop it). */
export const OTHER_BSN = '999999990';
