import type { AppRouter } from '../../rpc/router.ts';

export type ProcedurePath = {
  [Area in keyof AppRouter['_def']['record']]: `${Area & string}.${keyof AppRouter['_def']['record'][Area] & string}`;
}[keyof AppRouter['_def']['record']];

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The spec's path, with `:name` for path parameters. */
  path: string;
  procedure: ProcedurePath;
  summary: string;
  /** The OpenAPI operationId, when one procedure serves two paths (default: the procedure's name). */
  operationId?: string;
  /** Path parameters whose input field has another name (`{ id: 'albumId' }`). */
  pathFields?: Record<string, string>;
  /** The HTTP status of a success when it is not 200 (201 for a call that creates). */
  successStatus?: 201;
};

export const operationIdOf = (route: RestRoute) => route.operationId ?? route.procedure;
export const inputFieldOf = (route: RestRoute, pathParameter: string) =>
  route.pathFields?.[pathParameter] ?? pathParameter;
