import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * Renders a Kustomize directory (deploy/kubernetes) the way `kubectl apply -k` does, for the parts of Kustomize those
 * files use, so a test can check the objects without a cluster or the kustomize binary: resources (files and other
 * kustomizations), namespace, labels (without selectors), configMapGenerator (literals; `behavior: merge` in an
 * overlay), images, and patches given by path as strategic-merge patches of maps and atomic lists. Anything else in a
 * kustomization.yaml, or a patch of a list Kubernetes merges by key (containers, env, volumes…), is refused rather
 * than rendered differently from Kustomize. One difference on purpose: a generated ConfigMap keeps its name without
 * Kustomize's content-hash suffix (Kustomize adds it and renames the references with it).
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  configMapGenerator?: { name: string; behavior?: 'create' | 'merge' | 'replace'; literals?: string[] }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  patches?: { path: string }[];
}

const KNOWN_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'configMapGenerator',
  'images',
  'patches',
]);

/** Lists Kubernetes merges by a key in a strategic-merge patch: this renderer would replace them, so it refuses. */
const MERGED_BY_KEY = new Set(['containers', 'initContainers', 'env', 'envFrom', 'volumes', 'volumeMounts', 'ports']);

/** Kinds without a namespace among those the files use. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
      return doc.toJS() as unknown;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkPatchLists(patch: unknown, path: string, file: string): void {
  if (Array.isArray(patch)) return; // an atomic list, replaced whole (as Kustomize does)
  if (!isObject(patch)) return;
  for (const [key, value] of Object.entries(patch)) {
    if (Array.isArray(value) && MERGED_BY_KEY.has(key))
      throw new Error(`${file}: ${path}${key} is merged by key in Kubernetes; this renderer only replaces lists`);
    checkPatchLists(value, `${path}${key}.`, file);
  }
}

/** A strategic-merge patch of maps: maps merge, lists and values replace, null removes. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch) || !isObject(target)) return structuredClone(patch);
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = key in target ? mergePatch(target[key], value) : structuredClone(value);
  }
  return out;
}

function podSpecs(object: K8sObject): Record<string, unknown>[] {
  const spec = object.spec as Record<string, unknown> | undefined;
  const template = spec?.template as { spec?: Record<string, unknown> } | undefined;
  return template?.spec ? [template.spec] : [];
}

/** The objects `kubectl apply -k dir` would send, in the order of the files. */
export function renderKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const [k] = readYamlDocuments(file) as Kustomization[];
  if (!k) throw new Error(`${file}: empty`);
  for (const field of Object.keys(k))
    if (!KNOWN_FIELDS.has(field)) throw new Error(`${file}: ${field} is not rendered by this test's renderer`);

  let objects: K8sObject[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${file}: resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else objects.push(...(readYamlDocuments(path) as K8sObject[]));
  }

  for (const generator of k.configMapGenerator ?? []) {
    const data = Object.fromEntries(
      (generator.literals ?? []).map((literal) => {
        const eq = literal.indexOf('=');
        if (eq < 1) throw new Error(`${file}: literal "${literal}" is not NAME=value`);
        return [literal.slice(0, eq), literal.slice(eq + 1)];
      }),
    );
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === generator.name);
    if (generator.behavior === 'merge' || generator.behavior === 'replace') {
      if (!existing) throw new Error(`${file}: ${generator.name} to ${generator.behavior} is not generated below`);
      existing.data = generator.behavior === 'merge' ? { ...(existing.data as object), ...data } : data;
    } else {
      if (existing) throw new Error(`${file}: ${generator.name} is generated twice`);
      objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
    }
  }

  for (const { path } of k.patches ?? []) {
    const patchFile = resolve(dir, path);
    const patches = readYamlDocuments(patchFile) as K8sObject[];
    if (patches.length !== 1) throw new Error(`${patchFile}: one patch per file`);
    const patch = patches[0]!;
    checkPatchLists(patch, '', patchFile);
    const index = objects.findIndex(
      (o) => o.apiVersion === patch.apiVersion && o.kind === patch.kind && o.metadata.name === patch.metadata.name,
    );
    if (index < 0) throw new Error(`${patchFile}: no ${patch.kind} ${patch.metadata.name} to patch`);
    objects[index] = mergePatch(objects[index], patch) as K8sObject;
  }

  if (k.namespace) {
    objects = objects.map((o) =>
      CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } },
    );
  }

  for (const label of k.labels ?? []) {
    if (label.includeSelectors || label.includeTemplates)
      throw new Error(`${file}: labels on selectors or templates are not rendered by this test's renderer`);
    objects = objects.map((o) => ({
      ...o,
      metadata: { ...o.metadata, labels: { ...o.metadata.labels, ...label.pairs } },
    }));
  }

  for (const image of k.images ?? []) {
    for (const object of objects) {
      for (const spec of podSpecs(object)) {
        for (const list of ['initContainers', 'containers'] as const) {
          for (const container of (spec[list] ?? []) as { image?: string }[]) {
            const [name, tag] = (container.image ?? '').split(':');
            if (name !== image.name) continue;
            const newName = image.newName ?? name;
            container.image = image.digest
              ? `${newName}@${image.digest}`
              : `${newName}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
          }
        }
      }
    }
  }
  return objects;
}

/** The directory of the deployment's files in this repository. */
export const KUBERNETES_DIR = resolve(dirname(new URL(import.meta.url).pathname), '../../../deploy/kubernetes');
