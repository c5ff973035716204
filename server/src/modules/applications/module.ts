import { defineModule } from '../../platform/module.js';
import { Application, ApplicationEvent, ApplicationForm, ApplicationProof } from './application.entity.js';
import { ApplicationResolver } from './application.resolver.js';
import { ApplicationService } from './application.service.js';
import { applicationRoutes } from './application.routes.js';

declare module '../../platform/composition.js' {
  interface Services {
    applications: ApplicationService;
  }
}

/** Online applications (aanvragen, issue 28): forms per arrangement, applying, assessing, the grant. */
export const applicationsModule = defineModule({
  name: 'applications',
  entities: [ApplicationForm, Application, ApplicationEvent, ApplicationProof],
  resolvers: [ApplicationResolver],
  routes: applicationRoutes,
  services: (made, config) => {
    const applications = new ApplicationService(
      made.assignments,
      made.messages,
      made.settings,
      made.audit,
      made.storage,
      config.settingsEncryptionKey,
      made.mail,
      config.appUrl,
    );
    // Each arrangement open for applications today has a public page of its own: in the sitemap too.
    made.sitemap.addPages(async (ctx) =>
      (await applications.openForms(ctx)).map((f) => ({
        title: `${f.arrangementName} aanvragen (${f.municipalityName})`,
        path: `/aanvragen/${encodeURIComponent(f.municipalitySlug)}/${f.arrangementId}`,
        updatedAt: null,
      })),
    );
    return { applications };
  },
});
