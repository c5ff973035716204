import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { Cluster } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/Cluster';
import { ScheduledBackup } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/ScheduledBackup';
import { BarmanObjectStoreConfiguration } from '@kubernetes-models/cloudnative-pg/github.com/cloudnative-pg/barman-cloud/pkg/api/BarmanObjectStoreConfiguration';
import { CONFIG_VARIABLES, loadConfig, loadMigrationConfig } from '../config/config.js';
import { SHUTDOWN_DEADLINE_MS } from '../kernel/shutdown.js';
import { PRODUCTION_SAMPLES } from '../test/production-samples.js';
import { KUBERNETES_DIR, renderKustomization, type K8sObject } from '../test/kustomize.js';

/**
 * deploy/kubernetes (docs/kubernetes.md) without a cluster: each overlay is rendered as `kubectl apply -k` would
 * (test/kustomize.ts), every object is validated against the Kubernetes API's schemas (kubernetes-models) and the
 * CloudNativePG ones (@kubernetes-models/cloudnative-pg, generated from CloudNativePG's Go API; the Barman Cloud
 * plugin's ObjectStore: its `configuration` is the barman-cloud API type in the same package, the rest is checked here
 * against the plugin's API), and the app's environment is handed to the server's own production configuration check,
 * as compose.test.ts does for docker-compose.yml. Like the API's OpenAPI schemas, these do not refuse an unknown field;
 * the API server does (strict field validation): `kubectl apply --dry-run=server -k …` on a cluster.
 */

const OVERLAYS = { acceptance: 'gemeentewinkel-acc', production: 'gemeentewinkel' } as const;

type ModelClass = new (data: any) => { validate(): void };
const MODELS: Record<string, ModelClass> = {
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'postgresql.cnpg.io/v1/Cluster': Cluster,
  'postgresql.cnpg.io/v1/ScheduledBackup': ScheduledBackup,
};

/** The Barman Cloud plugin's ObjectStore (barmancloud.cnpg.io/v1, plugin-barman-cloud api/v1/objectstore_types.go). */
function validateObjectStore(object: K8sObject) {
  const spec = object.spec as Record<string, unknown>;
  expect(Object.keys(object).sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
  for (const key of Object.keys(spec))
    expect(['configuration', 'retentionPolicy', 'instanceSidecarConfiguration'], `ObjectStore spec.${key}`).toContain(
      key,
    );
  if (spec.retentionPolicy !== undefined) expect(spec.retentionPolicy).toMatch(/^[1-9][0-9]*[dwm]$/);
  // The plugin refuses serverName here (it is a parameter of the Cluster's plugin entry).
  expect(spec.configuration).not.toHaveProperty('serverName');
  new BarmanObjectStoreConfiguration(spec.configuration as never).validate();
}

function render(overlay: keyof typeof OVERLAYS) {
  const objects = renderKustomization(join(KUBERNETES_DIR, 'overlays', overlay));
  const find = <T = K8sObject>(kind: string, name?: string): T => {
    const found = objects.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
    expect(found, `${kind} ${name ?? ''}`).toHaveLength(1);
    return found[0] as T;
  };
  return { objects, find };
}

const SECRET_LIKE = /SECRET|_KEYS?$|PASSWORD|^SMTP_URL$|^DATABASE_URL$/;

describe.each(Object.keys(OVERLAYS) as (keyof typeof OVERLAYS)[])('deploy/kubernetes, overlay %s', (overlay) => {
  const namespace = OVERLAYS[overlay];
  const { objects, find } = render(overlay);
  const deployment = find<Deployment>('Deployment', 'gemeentewinkel');
  const pod = deployment.spec!.template.spec!;
  const app = pod.containers.find((c) => c.name === 'app')!;
  const configMap = find<ConfigMap>('ConfigMap', 'gemeentewinkel-config');
  const cluster = find<Cluster>('Cluster');

  it('renders objects that are valid against the Kubernetes and CloudNativePG schemas, all in its namespace', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const object of objects) {
      const label = `${object.apiVersion} ${object.kind} ${object.metadata.name}`;
      expect(object.metadata.namespace, label).toBe(namespace);
      expect(object.metadata.name, label).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      expect(object.metadata.labels?.['app.kubernetes.io/part-of'], label).toBe('gemeentewinkel');
      if (object.apiVersion === 'barmancloud.cnpg.io/v1' && object.kind === 'ObjectStore') {
        validateObjectStore(object);
        continue;
      }
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `a schema for ${label}`).toBeDefined();
      expect(() => new Model!(object).validate(), label).not.toThrow();
    }
    // Secrets are never in the files: the platform makes them (docs/kubernetes.md).
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it('sizes the Node heap within the container’s memory limit, with a young generation of its own', () => {
    const options = app.env?.find((e) => e.name === 'NODE_OPTIONS')?.value ?? '';
    const flag = (name: string) => Number(new RegExp(`--${name}=(\\d+)`).exec(options)?.[1] ?? NaN);
    const oldSpace = flag('max-old-space-size');
    const semiSpace = flag('max-semi-space-size');
    // Set together: V8 otherwise derives a small young generation from the old space's limit (see deployment.yaml).
    expect(oldSpace).toBeGreaterThan(0);
    expect(semiSpace).toBeGreaterThanOrEqual(16);
    const limit = String(app.resources?.limits?.memory ?? '');
    const units: Record<string, number> = { Mi: 1, Gi: 1024 };
    const [, amount, unit] = /^(\d+)(Mi|Gi)$/.exec(limit) ?? [];
    const limitMb = Number(amount) * (units[unit ?? ''] ?? NaN);
    // The old space, three semi-spaces and 192 MB for code, buffers and the native side (a started compiled server:
    // 270–300 MB RSS, of which about 100 MB is heap).
    expect(oldSpace + 3 * semiSpace + 192).toBeLessThanOrEqual(limitMb);
  });

  it('gives the app an environment the server accepts in production: DigiD, Mollie, SMTP, secrets from Secrets', () => {
    const env: Record<string, string> = { ...(configMap.data ?? {}) };
    expect(app.envFrom).toEqual([{ configMapRef: { name: 'gemeentewinkel-config' } }]);
    const fromSecrets: string[] = [];
    for (const variable of app.env ?? []) {
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref) {
        fromSecrets.push(variable.name);
        env[variable.name] =
          variable.name === 'DATABASE_URL'
            ? // What CloudNativePG puts in <cluster>-app under `uri`: the owner, the -rw service, the database.
              `postgresql://gemeentewinkel:db-wachtwoord@${cluster.metadata!.name}-rw.${namespace}:5432/gemeentewinkel`
            : PRODUCTION_SAMPLES[variable.name]!;
        expect(env[variable.name], `a sample for ${variable.name} (test/production-samples.ts)`).toBeTruthy();
      } else env[variable.name] = variable.value ?? '';
    }
    // NODE_OPTIONS is Node's own (the heap's limits, below), not the server's configuration.
    delete env.NODE_OPTIONS;
    const unknown = Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name));
    expect(unknown, 'variables the configuration schema does not know').toEqual([]);

    // Every secret comes from a Secret: none in the ConfigMap, none as a plain value.
    expect(Object.keys(configMap.data ?? {}).filter((name) => SECRET_LIKE.test(name))).toEqual([]);
    const secretLike = Object.keys(env).filter((name) => SECRET_LIKE.test(name));
    expect(secretLike.sort()).toEqual(fromSecrets.sort());
    expect(fromSecrets).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SESSION_SECRET', 'BSN_ENCRYPTION_KEYS', 'BSN_HASH_KEY']),
    );
    expect(fromSecrets).toEqual(
      expect.arrayContaining(['SETTINGS_ENCRYPTION_KEY', 'DIGID_OIDC_CLIENT_SECRET', 'MOLLIE_API_KEY', 'SMTP_URL']),
    );

    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(config.digidMode).toBe('oidc');
    expect(config.digidOidc?.redirectUri).toBe(`${env.APP_URL}/auth/digid/callback`);
    expect(config.paymentProvider).toBe('mollie');
    expect(config.payments.mollieApiKey).toBeTruthy();
    expect(config.mail.transport).toBe('smtp');
    expect(config.seedDemoData).toBe(false);
    expect(config.trustedProxies.length).toBeGreaterThan(0);
    // The port the app listens on is the container's, the Service's target and the network policy's.
    expect(app.ports).toEqual([{ name: 'http', containerPort: config.port, protocol: 'TCP' }]);
    // The address people use is the Ingress's host.
    const ingress = find<Ingress>('Ingress', 'gemeentewinkel');
    expect(`https://${ingress.spec!.rules![0]!.host}`).toBe(config.appUrl);
    expect(ingress.spec!.tls![0]!.hosts).toEqual([ingress.spec!.rules![0]!.host]);
    expect(ingress.spec!.rules![0]!.http!.paths[0]!.backend.service).toEqual({
      name: 'gemeentewinkel',
      port: { name: 'http' },
    });
    const service = find<Service>('Service', 'gemeentewinkel');
    expect(service.spec!.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
    expect(service.spec!.selector).toEqual(deployment.spec!.selector.matchLabels);
    // The image is the overlay's (registry and version), in every container.
    const images = objects.flatMap(podSpecOf).flatMap((s) => [...(s.initContainers ?? []), ...s.containers]);
    for (const container of images)
      expect(container.image).toMatch(/^[a-z0-9.-]+\/gemeentewinkel(:[\w.-]+|@sha256:\w+)$/);
  });

  it('runs several replicas that drain requests and jobs before they stop, within the grace period', () => {
    expect(deployment.spec!.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec!.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    expect(app.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    // Liveness never asks the database (/healthz): a failover must not restart every pod.
    expect(app.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(app.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const sleep = app.lifecycle?.preStop?.exec?.command;
    expect(sleep?.[0]).toBe('sleep');
    const pause = Number(sleep?.[1]);
    expect(pause).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + SHUTDOWN_DEADLINE_MS / 1000);

    const hpa = find<HorizontalPodAutoscaler>('HorizontalPodAutoscaler', 'gemeentewinkel');
    expect(hpa.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gemeentewinkel' });
    expect(hpa.spec!.minReplicas).toBeGreaterThanOrEqual(overlay === 'production' ? 3 : 2);
    expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas!);
    expect(hpa.spec!.metrics?.[0]?.resource?.name).toBe('cpu');
    // PostgreSQL has room for every pod the autoscaler may start: per pod the request pool (database/orm.ts, 10), the
    // job queue's (JOBS_CONCURRENCY + 3: jobs/worker.ts) and the settings' LISTEN connection; the migration job's 2;
    // PostgreSQL's 3 reserved for superusers.
    const jobs = Number(configMap.data!.JOBS_CONCURRENCY ?? 4);
    const perPod = 10 + jobs + 3 + 1;
    const maxConnections = Number(cluster.spec!.postgresql!.parameters!.max_connections);
    expect(hpa.spec!.maxReplicas * perPod + 2 + 3).toBeLessThanOrEqual(maxConnections);
    const pdb = find<PodDisruptionBudget>('PodDisruptionBudget', 'gemeentewinkel');
    expect(pdb.spec!.maxUnavailable).toBe(1);
    expect(pdb.spec!.selector!.matchLabels).toEqual(deployment.spec!.selector.matchLabels);
    expect(pod.topologySpreadConstraints?.map((c) => c.topologyKey)).toContain('topology.kubernetes.io/zone');
    for (const container of [...(pod.initContainers ?? []), ...pod.containers])
      expect(container.resources?.requests, container.name).toBeDefined();
  });

  it('migrates in a Job before the new version serves; the pods wait for the schema in an init container', () => {
    const job = find<Job>('Job', 'gemeentewinkel-migrate');
    const migrate = job.spec!.template.spec!.containers[0]!;
    expect(migrate.command).toEqual(['node', 'server/dist/cli/migrate.js']);
    const wait = pod.initContainers?.find((c) => c.name === 'wait-for-migrations');
    expect(wait?.command?.slice(0, 3)).toEqual(['node', 'server/dist/cli/migrate.js', '--wait']);
    expect(wait?.image).toBe(app.image);
    expect(migrate.image).toBe(app.image);
    // The command is in the image: built from server/src/cli/migrate.ts into server/dist, which the Dockerfile copies.
    expect(existsSync(join(KUBERNETES_DIR, '../../server/src/cli/migrate.ts'))).toBe(true);
    const dockerfile = readFileSync(join(KUBERNETES_DIR, '../../Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/server\/dist \.\/server\/dist/);
    // The migrations need the database and nothing else.
    for (const container of [migrate, wait!]) {
      expect(container.env?.map((e) => e.name).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL']);
      const url = container.env!.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef;
      expect(url).toEqual(app.env!.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef);
      expect(() =>
        loadMigrationConfig({ DATABASE_URL: 'postgresql://u:p@db-rw:5432/gemeentewinkel', LOG_LEVEL: 'info' }),
      ).not.toThrow();
    }
    expect(job.spec!.template.spec!.restartPolicy).toBe('Never');
    expect(job.spec!.backoffLimit).toBeGreaterThan(0);
  });

  it('runs every container unprivileged on a read-only root, writing only to its volumes', () => {
    for (const spec of objects.flatMap(podSpecOf)) {
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(spec.securityContext?.runAsNonRoot).toBe(true);
      // The image's user `node` is uid 1000 (numeric, so the kubelet can check it is not root).
      expect(spec.securityContext?.runAsUser).toBe(1000);
      expect(spec.securityContext?.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
        expect(container.securityContext, container.name).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.volumeMounts?.map((m) => m.mountPath)).toContain('/tmp');
      }
    }
    const mounts = Object.fromEntries(app.volumeMounts!.map((m) => [m.mountPath, m.name]));
    const dataDir = configMap.data!.DATA_DIR!;
    expect(mounts[dataDir]).toBe('data');
    expect(mounts[`${dataDir}/uploads`]).toBe('uploads');
    const uploads = pod.volumes!.find((v) => v.name === 'uploads')!.persistentVolumeClaim!.claimName;
    const claim = find<PersistentVolumeClaim>('PersistentVolumeClaim', uploads);
    // Every pod writes the same uploads: ReadWriteMany.
    expect(claim.spec!.accessModes).toEqual(['ReadWriteMany']);
  });

  it('lets only the ingress reach the app, and the app reach only DNS, PostgreSQL, SMTP and HTTPS outside', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as INetworkPolicy[];
    const denyAll = policies.find((p) => p.metadata!.name === 'default-deny-ingress')!;
    expect(denyAll.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });

    const appPolicy = policies.find((p) => p.metadata!.name === 'gemeentewinkel')!.spec!;
    expect(appPolicy.podSelector?.matchLabels).toEqual(deployment.spec!.template.metadata!.labels);
    expect(appPolicy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(appPolicy.ingress).toHaveLength(1);
    expect(appPolicy.ingress![0]!.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': expect.any(String) } } },
    ]);
    expect(appPolicy.ingress![0]!.ports).toEqual([{ protocol: 'TCP', port: app.ports![0]!.containerPort }]);

    const egress = appPolicy.egress!;
    // No rule opens everything: each names where it goes and on which ports.
    for (const rule of egress) {
      expect(rule.to?.length).toBeGreaterThan(0);
      expect(rule.ports?.length).toBeGreaterThan(0);
    }
    const ports = (i: number) => egress[i]!.ports!.map((p) => `${p.protocol}/${p.port}`).sort();
    expect(egress).toHaveLength(4);
    expect(egress[0]!.to![0]!.podSelector?.matchLabels).toEqual({ 'k8s-app': 'kube-dns' });
    expect(ports(0)).toEqual(['TCP/53', 'UDP/53']);
    expect(egress[1]!.to).toEqual([{ podSelector: { matchLabels: { 'cnpg.io/cluster': cluster.metadata!.name } } }]);
    expect(ports(1)).toEqual(['TCP/5432']);
    expect(egress[2]!.to![0]!.ipBlock?.cidr).toMatch(/\/32$/); // the SMTP relay
    expect(ports(2)).toEqual(['TCP/465', 'TCP/587']);
    // HTTPS to Mollie and DigiD outside the cluster: not the private networks, not the metadata address.
    expect(egress[3]!.to![0]!.ipBlock?.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
    expect(ports(3)).toEqual(['TCP/443']);

    const migratePolicy = policies.find((p) => p.metadata!.name === 'gemeentewinkel-migrate')!.spec!;
    expect(migratePolicy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(migratePolicy.ingress ?? []).toEqual([]);
    expect(migratePolicy.egress!.flatMap((r) => r.ports!.map((p) => p.port)).sort()).toEqual([53, 53, 5432]);

    const dbPolicy = policies.find((p) => p.metadata!.name === 'gemeentewinkel-db')!.spec!;
    expect(dbPolicy.podSelector?.matchLabels).toEqual({ 'cnpg.io/cluster': cluster.metadata!.name });
    expect(dbPolicy.ingress![0]).toEqual({
      from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gemeentewinkel' } } }],
      ports: [{ protocol: 'TCP', port: 5432 }],
    });
  });

  it('runs PostgreSQL as a CloudNativePG cluster: three instances, synchronous replication, backups to object storage', () => {
    const spec = cluster.spec!;
    expect(spec.instances).toBe(3);
    expect(spec.postgresql?.synchronous).toMatchObject({ method: 'any', number: 1, dataDurability: 'required' });
    expect(spec.affinity?.topologyKey).toBe('topology.kubernetes.io/zone');
    // The app's DATABASE_URL is the Secret CloudNativePG makes for the database's owner.
    expect(spec.bootstrap?.initdb).toMatchObject({ database: 'gemeentewinkel', owner: 'gemeentewinkel' });
    expect(app.env!.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef).toEqual({
      name: `${cluster.metadata!.name}-app`,
      key: 'uri',
    });
    // WAL archiving and base backups through the Barman Cloud plugin, to the ObjectStore below.
    const store = find('ObjectStore');
    expect(spec.plugins).toEqual([
      {
        name: 'barman-cloud.cloudnative-pg.io',
        isWALArchiver: true,
        parameters: { barmanObjectName: store.metadata.name },
      },
    ]);
    const configuration = (store.spec as { configuration: { destinationPath: string } }).configuration;
    expect(configuration.destinationPath).toMatch(/^s3:\/\//);
    const backup = find<ScheduledBackup>('ScheduledBackup');
    expect(backup.spec).toMatchObject({
      cluster: { name: cluster.metadata!.name },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    });
  });
});

function podSpecOf(object: K8sObject): (IPodSpec & { containers: IContainer[] })[] {
  const template = (object.spec as { template?: { spec?: IPodSpec } } | undefined)?.template;
  return template?.spec ? [template.spec] : [];
}
