import { createRequire } from 'node:module';
import {
  type EInvoiceFormat,
  FormatFactoryService,
  type Invoice,
  type InvoiceServiceOptions,
  invoiceSchema,
  type Logger,
} from '@e-invoice-eu/core';

/** The library reports through this; its chatter is not the server's, its warnings are. */
const logger: Logger = {
  log: () => undefined,
  warn: (message) => console.warn(`e-invoice: ${message}`),
  error: (message) => console.error(`e-invoice: ${message}`),
};

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
interface AjvLike {
  new (options: {
    strict: boolean;
    allErrors: boolean;
    useDefaults: boolean;
  }): {
    compile(schema: object): Validator;
  };
  ValidationError: new (errors: unknown[]) => Error;
}

// The Ajv @e-invoice-eu/core itself validates with, resolved from the library's own place: the
// schema is compiled by the version and with the options the library was built for.
const Ajv2019 = createRequire(import.meta.resolve('@e-invoice-eu/core'))('ajv/dist/2019') as AjvLike;

const factory = new FormatFactoryService();
/** One compiled validator per format (a format may tighten the schema), for the process's life. */
const validators = new Map<string, Validator>();

function validatorFor(format: string, formatter: EInvoiceFormat) {
  const known = validators.get(format);
  if (known) return known;
  const schema = structuredClone(invoiceSchema);
  formatter.patchSchema(schema);
  const compiled = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
  validators.set(format, compiled);
  return compiled;
}

/** How many formats' validators this process has compiled: each is compiled once. */
export const compiledValidatorCount = () => validators.size;

/**
 * What @e-invoice-eu/core's InvoiceService.generate does (2.3.4: validate the invoice against the
 * library's JSON schema as the format patches it, fill the format's defaults, generate), but with
 * the schema compiled once per format: InvoiceService compiles its whole invoice schema with a new
 * Ajv on every call, which was most of the ~0.15 s (0.4 s cold) an e-invoice took. `adjust` gets
 * the format's service before it generates (a CII credit note adds what the library leaves out).
 * An invoice the schema refuses throws Ajv's ValidationError, as the library does.
 */
export async function generateEInvoice(
  input: Invoice,
  options: InvoiceServiceOptions,
  adjust?: (service: EInvoiceFormat) => void,
): Promise<string | Uint8Array> {
  const format = factory.normalizeFormat(options.format);
  const service = factory.createFormatService(format, logger);
  const invoice = structuredClone(input);
  const validate = validatorFor(format, service);
  if (!validate(invoice)) {
    logger.error(`Invalid invoice data: ${JSON.stringify(validate.errors, null, 2)}`);
    throw new Ajv2019.ValidationError(validate.errors ?? []);
  }
  service.fillInvoiceDefaults(invoice);
  adjust?.(service);
  return service.generate(invoice, { ...options, format });
}
