// Lets plain `node` run the TypeScript sources for developer scripts (schema emit, migration create).
// tsx uses esbuild, which does not emit decorator metadata: every @Field/@Property/@Arg states its type explicitly.
import { register } from 'tsx/esm/api';
import 'reflect-metadata';
register();
