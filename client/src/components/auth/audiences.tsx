import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import { returnPathOr, sanitizeReturnPath } from '../../lib/returnPath';
import { urls } from '../../lib/urls';
import { hasPermission, type Viewer } from '../../lib/viewer';
import type { FormError } from '../forms/userErrors';
import type { StaffLoginStep } from '../../graphql/generated/graphql';

/**
 * The two audiences that log in with a password, staff (the admin area) and provider users, configured once: their
 * mutations, URLs and words. The log-in, forgotten-password and new-password pages are one component each
 * (LoginPage, ForgotPasswordPage, ResetPasswordPage) that take an audience.
 */
export type PasswordAudience = 'staff' | 'provider';

const LoginStaffDocument = graphql(`
  mutation LoginStaff($email: String!, $password: String!) {
    loginStaff(email: $email, password: $password) {
      nextStep
      viewer {
        kind
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const LoginProviderDocument = graphql(`
  mutation LoginProvider($email: String!, $password: String!) {
    loginProvider(email: $email, password: $password) {
      viewer {
        kind
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RequestStaffPasswordResetDocument = graphql(`
  mutation RequestStaffPasswordReset($email: String!) {
    requestStaffPasswordReset(email: $email) {
      requested
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RequestPasswordResetDocument = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      requested
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ResetStaffPasswordDocument = graphql(`
  mutation ResetStaffPassword($token: String!, $newPassword: String!) {
    resetStaffPassword(token: $token, newPassword: $newPassword) {
      passwordChanged
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ResetPasswordDocument = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword) {
      passwordChanged
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Payload<T> = (T & { errors: readonly FormError[] }) | null | undefined;

export interface AudienceConfig {
  login: {
    title: string;
    lead: string;
    send: (
      client: ApolloClient,
      email: string,
      password: string,
    ) => Promise<Payload<{ viewer?: { kind: string } | null; nextStep?: StaffLoginStep | null }>>;
    /** Already logged in as this audience: where to go instead of the form. */
    loggedIn: (viewer: Viewer | undefined) => boolean;
    /** Where to go after logging in, from `?terug=` and the (refetched) viewer. */
    next: (viewer: Viewer | undefined, terug: string | null) => string;
    links: ReactNode;
  };
  forgot: {
    lead: string;
    send: (client: ApolloClient, email: string) => Promise<Payload<{ requested: boolean }>>;
    help: ReactNode;
  };
  reset: {
    lead: string;
    send: (client: ApolloClient, token: string, newPassword: string) => Promise<Payload<{ passwordChanged: boolean }>>;
    loginLabel: string;
  };
  loginUrl: string;
  forgotUrl: string;
}

const digid = (
  <li>
    Bent u inwoner? <Link to={urls.login()}>Log in met DigiD</Link>.
  </li>
);

export const audiences: Record<PasswordAudience, AudienceConfig> = {
  staff: {
    login: {
      title: 'Inloggen beheeromgeving',
      lead: 'Voor medewerkers van de gemeente.',
      send: async (client, email, password) =>
        (await client.mutate({ mutation: LoginStaffDocument, variables: { email, password } })).data?.loginStaff,
      loggedIn: (viewer) => viewer?.kind === 'STAFF',
      next: (viewer, terug) =>
        sanitizeReturnPath(terug) ??
        (hasPermission(viewer, 'DASHBOARD_VIEW') ? urls.admin.dashboard() : urls.admin.account()),
      links: (
        <>
          <li>
            <Link to={urls.admin.forgotPassword()}>Wachtwoord vergeten?</Link>
          </li>
          {digid}
        </>
      ),
    },
    forgot: {
      lead: 'Vul het e-mailadres van uw account voor de beheeromgeving in. U ontvangt dan een link om een nieuw wachtwoord te kiezen.',
      send: async (client, email) =>
        (await client.mutate({ mutation: RequestStaffPasswordResetDocument, variables: { email } })).data
          ?.requestStaffPasswordReset,
      help: (
        <p>
          Is uw account geblokkeerd of heeft u geen toegang meer tot uw e-mail? Neem dan contact op met de beheerder van
          uw gemeente.
        </p>
      ),
    },
    reset: {
      lead: 'Kies een nieuw wachtwoord voor uw account in de beheeromgeving.',
      send: async (client, token, newPassword) =>
        (await client.mutate({ mutation: ResetStaffPasswordDocument, variables: { token, newPassword } })).data
          ?.resetStaffPassword,
      loginLabel: 'Inloggen in de beheeromgeving',
    },
    loginUrl: urls.admin.login(),
    forgotUrl: urls.admin.forgotPassword(),
  },
  provider: {
    login: {
      title: 'Inloggen voor aanbieders',
      lead: 'Log in om uw producten, bestellingen en profiel te beheren.',
      send: async (client, email, password) =>
        (await client.mutate({ mutation: LoginProviderDocument, variables: { email, password } })).data?.loginProvider,
      loggedIn: (viewer) => viewer?.kind === 'PROVIDER',
      next: (_, terug) => returnPathOr(terug, urls.provider.orders()),
      links: (
        <>
          <li>
            <Link to={urls.forgotPassword()}>Wachtwoord vergeten?</Link>
          </li>
          <li>
            Nog geen account? <Link to={urls.providerRegister()}>Meld uw organisatie aan als aanbieder</Link>.
          </li>
          {digid}
        </>
      ),
    },
    forgot: {
      lead: 'Vul het e-mailadres van uw aanbiedersaccount in. U ontvangt dan een link om een nieuw wachtwoord te kiezen.',
      send: async (client, email) =>
        (await client.mutate({ mutation: RequestPasswordResetDocument, variables: { email } })).data
          ?.requestPasswordReset,
      help: (
        <p>
          Bent u inwoner? U logt in met DigiD en heeft geen wachtwoord bij ons nodig:{' '}
          <Link to={urls.login()}>inloggen met DigiD</Link>. Bent u medewerker van de gemeente?{' '}
          <Link to={urls.admin.forgotPassword()}>Vraag een nieuw wachtwoord aan voor de beheeromgeving</Link>.
        </p>
      ),
    },
    reset: {
      lead: 'Kies een nieuw wachtwoord voor uw aanbiedersaccount.',
      send: async (client, token, newPassword) =>
        (await client.mutate({ mutation: ResetPasswordDocument, variables: { token, newPassword } })).data
          ?.resetPassword,
      loginLabel: 'Inloggen als aanbieder',
    },
    loginUrl: urls.providerLogin(),
    forgotUrl: urls.forgotPassword(),
  },
};
