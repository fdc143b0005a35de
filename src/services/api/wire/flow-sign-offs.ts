import * as z from 'zod/mini';

/**
 * The statechart studio's sign-offs (/api/studio/sign-offs/): a product owner signs a version of a
 * flow off with a comment. The server reads the request with the same schema; only the studio's
 * lazy chunk and the reference server read these.
 */

/** a catalog machine's name (src/studio/machine-catalog.ts): lower case words joined by hyphens */
export const FLOW_MACHINE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** a flow's version: 12 hex digits (src/studio/flow-version.ts) */
export const FLOW_VERSION_PATTERN = /^[0-9a-f]{12}$/;
export const SIGN_OFF_COMMENT_MAX = 2000;

export const flowMachineWire = z
  .string()
  .check(z.maxLength(64), z.regex(FLOW_MACHINE_PATTERN, 'Expected a machine name such as checkout.'));

/** Body of POST /studio/sign-offs/. */
export const signOffRequestWire = z.object({
  machine: flowMachineWire,
  version: z.string().check(z.regex(FLOW_VERSION_PATTERN, 'Expected 12 hexadecimal digits.')),
  comment: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'This field is required.'),
      z.maxLength(SIGN_OFF_COMMENT_MAX, `At most ${SIGN_OFF_COMMENT_MAX} characters.`),
    ),
});

export const signOffWire = z.object({
  id: z.number(),
  machine: z.string(),
  version: z.string(),
  comment: z.string(),
  /** the signer's name; null once their account was removed */
  signed_by: z.nullable(z.string()),
  signed_at: z.string(),
});
export type SignOffWire = z.infer<typeof signOffWire>;

/** GET /studio/sign-offs/?machine=<name>: newest first. */
export const signOffListWire = z.object({ sign_offs: z.array(signOffWire) });
