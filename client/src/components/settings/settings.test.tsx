import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

const values: Record<string, Record<string, unknown>> = {
  ADVANCED: { sessionLifetimeHours: 8, idleTimeoutMinutes: 60, residentIdleTimeoutMinutes: 15, uploadMaxMegabytes: 5 },
  COMMUNICATION: { dailyMassSendLimit: 3 },
  RETENTION: { auditLogDays: 730, mailLogDays: 365, sessionDays: 30, erasedRemainsDays: 30, importDays: 90 },
  WEBHOOKS: { disableAfterFailures: 12, attemptTimeoutSeconds: 10, deliveryLogDays: 30 },
};

const SettingsSection = (variables: Record<string, unknown>) => {
  const section = String(variables.section);
  return {
    settingsSection: {
      __typename: 'SettingsSection',
      section,
      title: section,
      version: 1,
      value: values[section],
      defaults: values[section],
      updatedAt: null,
    },
  };
};

describe('instellingen/geavanceerd', () => {
  it('shows the upload limit and the retention periods, and sends a retention change with the server’s message at its field', async () => {
    const { operations } = renderApp(
      '/admin/beheer/instellingen/geavanceerd',
      { kind: 'STAFF', permissions: ['SETTINGS_MANAGE'] },
      {
        SettingsSection,
        UpdateSettingsSection: () => ({
          updateSettingsSection: {
            __typename: 'UpdateSettingsSectionPayload',
            settings: null,
            errors: [
              {
                __typename: 'UserError',
                field: 'auditLogDays',
                code: 'INVALID',
                message: 'Regels van het auditlog worden minstens 180 dagen bewaard.',
              },
            ],
          },
        }),
      },
    );
    const upload = (await screen.findByLabelText(/Maximale grootte van een afbeelding \(MB\)/)) as HTMLInputElement;
    expect(upload.value).toBe('5');

    const region = screen.getByRole('region', { name: 'Bewaartermijnen (AVG)' });
    const audit = (await within(region).findByLabelText(/Auditlog \(dagen\)/)) as HTMLInputElement;
    expect(audit.value).toBe('730');
    expect((within(region).getByLabelText(/Importbestanden \(dagen\)/) as HTMLInputElement).value).toBe('90');

    fireEvent.change(audit, { target: { value: '30' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Bewaartermijnen opslaan' }));
    await waitFor(() => expect(operations.some((o) => o.name === 'UpdateSettingsSection')).toBe(true));
    const sent = operations.find((o) => o.name === 'UpdateSettingsSection')!.variables.input as Record<string, unknown>;
    expect(sent).toMatchObject({
      section: 'RETENTION',
      expectedVersion: 1,
      patch: { auditLogDays: 30, mailLogDays: 365, sessionDays: 30, erasedRemainsDays: 30, importDays: 90 },
    });
    expect(
      await within(region).findAllByText(/Regels van het auditlog worden minstens 180 dagen bewaard\./),
    ).not.toHaveLength(0);
  });

  it('shows the webhook settings and sends a change of them', async () => {
    const { operations } = renderApp(
      '/admin/beheer/instellingen/geavanceerd',
      { kind: 'STAFF', permissions: ['SETTINGS_MANAGE'] },
      {
        SettingsSection,
        UpdateSettingsSection: () => ({
          updateSettingsSection: { __typename: 'UpdateSettingsSectionPayload', settings: null, errors: [] },
        }),
      },
    );
    const region = await screen.findByRole('region', { name: 'Webhooks van API-koppelingen' });
    const failures = (await within(region).findByLabelText(/mislukte pogingen op rij/)) as HTMLInputElement;
    expect(failures.value).toBe('12');
    fireEvent.change(failures, { target: { value: '5' } });
    fireEvent.submit(failures.closest('form')!);
    await waitFor(() => expect(operations.some((o) => o.name === 'UpdateSettingsSection')).toBe(true));
    expect(operations.find((o) => o.name === 'UpdateSettingsSection')!.variables.input).toMatchObject({
      section: 'WEBHOOKS',
      patch: { disableAfterFailures: 5, attemptTimeoutSeconds: 10, deliveryLogDays: 30 },
    });
  });
});
