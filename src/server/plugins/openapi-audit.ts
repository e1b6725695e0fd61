/**
 * What a generated client cannot trust in an OpenAPI document (decision 0019), as a list naming each operation and
 * what it lacks. `npm run api:check` and the server test `openapi.test.ts` both require the list to be empty.
 *
 * - `summary`, `description`: every operation says what it does, for whom, and its limits;
 * - `response-description`: no response is only "Default Response";
 * - `untyped-detail`: every error response (4xx, 5xx) has a body whose `detail` has a type (string, enum, object,
 *   the 422 list), not `{detail: unknown}`;
 * - `no-422`: an operation with path parameters, a query string or a body documents its 422;
 * - `no-security`: an operation documenting 401 or 403 declares its security scheme;
 * - `no-401`, `no-403`: an operation requiring a bearer scheme documents 401; one requiring `superuser`, 403.
 */
export type ApiProblemKind =
  | 'summary'
  | 'description'
  | 'response-description'
  | 'untyped-detail'
  | 'no-422'
  | 'no-security'
  | 'no-401'
  | 'no-403';

export interface ApiProblem {
  /** `POST /api/auth/register` */
  operation: string;
  kind: ApiProblemKind;
  message: string;
}

type Schema = Record<string, unknown>;

interface Operation {
  summary?: string;
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Record<string, unknown>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
/** Keywords that give a JSON schema a shape; a schema with none of them (`{}`) accepts anything. */
const SHAPING = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref', 'properties', 'items'];

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return resolve(document, document.components?.schemas?.[ref.replace('#/components/schemas/', '')]);
}

/** The `detail` schemas of a body schema: one per branch of a union. */
function detailSchemas(document: OpenApiDocument, body: Schema | undefined): (Schema | undefined)[] {
  const schema = resolve(document, body);
  if (!schema) return [undefined];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.flatMap((branch) => detailSchemas(document, branch));
  return [resolve(document, (schema.properties as Record<string, Schema> | undefined)?.detail)];
}

const typed = (schema: Schema | undefined) => !!schema && SHAPING.some((keyword) => keyword in schema);

/** Whether every alternative of the requirement needs a scheme (`[{bearer: []}, {}]` lets visitors in). */
function requiredSchemes(security: Record<string, unknown>[] | undefined): Set<string> {
  if (!security?.length || security.some((alternative) => Object.keys(alternative).length === 0)) return new Set();
  return new Set(security.flatMap((alternative) => Object.keys(alternative)));
}

export function auditOpenApi(document: OpenApiDocument): ApiProblem[] {
  const problems: ApiProblem[] = [];
  const bearerSchemes = new Set(
    Object.entries(document.components?.securitySchemes ?? {})
      .filter(([, scheme]) => scheme.type === 'http' && scheme.scheme === 'bearer')
      .map(([name]) => name),
  );

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const problem = (kind: ApiProblemKind, message: string) => problems.push({ operation: name, kind, message });
      const responses = operation.responses ?? {};

      if (!operation.summary?.trim()) problem('summary', 'has no summary');
      if (!operation.description?.trim()) problem('description', 'has no description');

      for (const [status, response] of Object.entries(responses)) {
        const description = response.description?.trim();
        if (!description || description === 'Default Response')
          problem('response-description', `response ${status} has no description (only "Default Response")`);
        if (Number(status) >= 400) {
          const body = response.content?.['application/json']?.schema;
          if (detailSchemas(document, body).some((detail) => !typed(detail)))
            problem(
              'untyped-detail',
              `response ${status} does not type \`detail\` (a string, an enum of codes, {code, reason} or the 422 list)`,
            );
        }
      }

      const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
      if (takesInput && !responses['422']) problem('no-422', 'takes input but documents no 422');

      const guarded = '401' in responses || '403' in responses;
      if (guarded && !operation.security?.some((alternative) => Object.keys(alternative).length > 0))
        problem('no-security', 'documents 401/403 but declares no security scheme');
      const required = requiredSchemes(operation.security);
      if ([...required].some((scheme) => bearerSchemes.has(scheme)) && !responses['401'])
        problem('no-401', `requires ${[...required].join(' or ')} but documents no 401`);
      if (required.has('superuser') && !responses['403'])
        problem('no-403', 'requires a superuser but documents no 403');
    }
  }
  return problems;
}

/** The problems as lines for a terminal, grouped by operation, with a count per kind. */
export function formatApiProblems(problems: ApiProblem[]): string {
  const byOperation = new Map<string, string[]>();
  for (const { operation, message } of problems)
    byOperation.set(operation, [...(byOperation.get(operation) ?? []), message]);
  const counts = new Map<ApiProblemKind, number>();
  for (const { kind } of problems) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [
    ...[...byOperation].map(([operation, messages]) => `${operation}\n${messages.map((m) => `  - ${m}`).join('\n')}`),
    '',
    `${problems.length} problem(s): ${[...counts].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
  ].join('\n');
}
