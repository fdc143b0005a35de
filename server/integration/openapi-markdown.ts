import type { IntegrationOpenApiDocument } from './openapi';

/**
 * A readable rendering of the integration API's OpenAPI document (docs/integration-api.md): the
 * calls, their parameters, bodies and answers, and the fields of each kind's rows. Generated from
 * the document alone, so it says what the server accepts.
 */

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const refName = (ref: string) => ref.replace('#/components/schemas/', '');
/** Markdown table cells: no line breaks, no bare pipes */
const cell = (text: string) => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');

/** A schema in a few words: `text`, `integer or null`, `list of ProductsRow`, `"delta" or "snapshot"`. */
function typeOf(schemaValue: unknown): string {
  const schema = asJson(schemaValue);
  if (typeof schema.$ref === 'string')
    return `[${refName(schema.$ref)}](#${refName(schema.$ref).toLowerCase()})`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' or ');
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  for (const union of ['anyOf', 'oneOf'] as const) {
    const options = schema[union];
    if (Array.isArray(options)) return [...new Set(options.map(typeOf))].join(' or ');
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0) return 'any';
  return types
    .map((type) => {
      if (type === 'array') return `list of ${typeOf(schema.items)}`;
      if (type === 'object' && Object.keys(asJson(schema.properties)).length > 0)
        return `{ ${Object.entries(asJson(schema.properties))
          .map(([name, property]) => `${name}: ${typeOf(property)}`)
          .join(', ')} }`;
      if (type === 'string' && schema.format === 'binary') return 'file (binary)';
      if (type === 'string' && typeof schema.format === 'string') return `text (${schema.format})`;
      if (type === 'string') return 'text';
      return String(type);
    })
    .join(' or ');
}

function fieldTable(schemaValue: unknown): string[] {
  const schema = asJson(schemaValue);
  const properties = asJson(schema.properties);
  const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return [];
  return [
    '| Field | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...names.map((name) => {
      const field = asJson(properties[name]);
      const description = typeof field.description === 'string' ? field.description : '';
      return `| \`${name}\` | ${cell(typeOf(field))} | ${requiredNames.has(name) ? 'yes' : 'no'} | ${cell(description)} |`;
    }),
  ];
}

function operationSection(method: string, path: string, operationValue: unknown): string[] {
  const operation = asJson(operationValue);
  const lines = [`### ${method.toUpperCase()} ${path}`, ''];
  if (typeof operation.summary === 'string') lines.push(`**${operation.summary}.**`, '');
  if (typeof operation.description === 'string') lines.push(operation.description, '');
  const open = Array.isArray(operation.security) && operation.security.length === 0;
  lines.push(open ? 'No key needed.' : 'Needs an integration key.', '');

  const parameters = Array.isArray(operation.parameters) ? operation.parameters.map(asJson) : [];
  if (parameters.length > 0) {
    lines.push('| Parameter | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      const schema = asJson(parameter.schema);
      const description = parameter.description ?? schema.description ?? '';
      lines.push(
        `| \`${String(parameter.name)}\` | ${String(parameter.in)} | ${cell(typeOf(schema))} | ${parameter.required ? 'yes' : 'no'} | ${cell(String(description))} |`,
      );
    }
    lines.push('');
  }

  const body = asJson(operation.requestBody);
  const bodyContent = asJson(body.content);
  if (Object.keys(bodyContent).length > 0) {
    lines.push('Request body:', '');
    for (const [type, media] of Object.entries(bodyContent))
      lines.push(`- \`${type}\`: ${typeOf(asJson(media).schema)}`);
    lines.push('');
  }

  lines.push('| Answer | Description | Body |', '| --- | --- | --- |');
  for (const [status, responseValue] of Object.entries(asJson(operation.responses))) {
    const response = asJson(responseValue);
    const content = Object.entries(asJson(response.content))
      .map(([type, media]) => `\`${type}\`: ${typeOf(asJson(media).schema)}`)
      .join('; ');
    lines.push(`| ${status} | ${cell(String(response.description ?? ''))} | ${cell(content)} |`);
  }
  lines.push('');
  return lines;
}

/** The markdown of docs/integration-api.md; `columns` adds the header texts a file may use per kind. */
export function integrationApiMarkdown(
  document: IntegrationOpenApiDocument,
  columns: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {},
): string {
  const info = asJson(document.info);
  const schemes = asJson(asJson(document.components).securitySchemes);
  const schemas = asJson(asJson(document.components).schemas);
  const servers = Array.isArray(document.servers) ? document.servers.map(asJson) : [];
  const lines: string[] = [
    `# ${String(info.title)} (version ${String(info.version)})`,
    '',
    '<!-- Generated by `npm run integration:docs` from the OpenAPI document (docs/openapi/integration-v1.json). Do not edit by hand. -->',
    '',
    String(info.description ?? ''),
    '',
    `Base path: \`${String(servers[0]?.url ?? '/')}\`. The machine-readable document: \`GET ${String(servers[0]?.url ?? '')}/openapi.json\`.`,
    '',
    '## Authentication',
    '',
    ...Object.values(schemes).map((scheme) => String(asJson(scheme).description ?? '')),
    '',
    '## Calls',
    '',
  ];
  for (const [path, itemValue] of Object.entries(asJson(document.paths)))
    for (const [method, operation] of Object.entries(asJson(itemValue)))
      lines.push(...operationSection(method, path, operation));

  lines.push('## Objects', '');
  const rowSchemas = Object.keys(schemas).filter((name) => name.endsWith('Row') && name !== 'ReportRow');
  const batchSchemas = Object.keys(schemas).filter((name) => name.endsWith('Batch'));
  for (const name of Object.keys(schemas).filter(
    (n) => !rowSchemas.includes(n) && !batchSchemas.includes(n),
  )) {
    const schema = asJson(schemas[name]);
    lines.push(`### ${name}`, '');
    if (typeof schema.description === 'string') lines.push(schema.description, '');
    lines.push(...fieldTable(schema), '');
  }

  lines.push(
    '## Rows of each kind',
    '',
    'A JSON batch sends rows as objects with these fields. A CSV or XLSX file has a header row naming the same fields; ' +
      'decimals are text in JSON (a JSON number only when written exactly).',
    '',
  );
  for (const name of batchSchemas) {
    const batch = asJson(schemas[name]);
    lines.push(`### ${name}`, '');
    if (typeof batch.description === 'string') lines.push(batch.description, '');
    lines.push(...fieldTable(batch), '');
  }
  for (const name of rowSchemas) {
    const schema = asJson(schemas[name]);
    lines.push(`### ${name}`, '');
    if (typeof schema.description === 'string') lines.push(schema.description, '');
    lines.push(...fieldTable(schema), '');
    const kind = name.slice(0, -'Row'.length).toLowerCase();
    const headers = columns[kind];
    if (headers && Object.keys(headers).length > 0) {
      lines.push('File columns (header texts compared without case, accents or punctuation):', '');
      lines.push('| Field | Header texts |', '| --- | --- |');
      for (const [field, texts] of Object.entries(headers))
        lines.push(`| \`${field}\` | ${cell(texts.map((text) => `\`${text}\``).join(', '))} |`);
      lines.push('');
    }
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
