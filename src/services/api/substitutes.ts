import type { HttpClient } from './client';
import {
  type AcceptedSubstitute,
  type AcceptSubstituteRequestWire,
  acceptSubstituteAnswerWire,
  type SubstitutePreference,
  type SubstitutesByProduct,
  substitutePreferenceWire,
  substitutesAnswerWire,
  toAcceptedSubstitute,
  toSubstitutePreference,
  toSubstitutesByProduct,
} from './wire/substitutes';

type CallOptions = { signal?: AbortSignal | undefined };

/** The supplier's alternatives for what ran out (capability `substitutes`, docs/api.md). */
export interface SubstitutesApi {
  /** GET netb2b/substitutes/?product_ids=: the alternatives the customer may take, by product */
  substitutes(productIds: readonly number[], options?: CallOptions): Promise<SubstitutesByProduct>;
  /**
   * POST netb2b/substitutes/accept/: takes `substitute` into the cart instead of `product` (whose cart
   * line, if any, goes); `pieces` absent: as many as the product's cart line held
   */
  acceptSubstitute(
    choice: { product: number; substitute: number; pieces?: number },
    options?: CallOptions,
  ): Promise<AcceptedSubstitute>;
  substitutePreference(options?: CallOptions): Promise<SubstitutePreference>;
  setSubstitutePreference(
    change: { companyForbids?: boolean; userForbids?: boolean },
    options?: CallOptions,
  ): Promise<SubstitutePreference>;
}

export function substitutesApi(http: HttpClient): SubstitutesApi {
  return {
    substitutes: (productIds, options = {}) =>
      http.call(
        {
          method: 'get',
          path: `netb2b/substitutes/?${new URLSearchParams({ product_ids: productIds.join(',') })}`,
          signal: options.signal,
        },
        substitutesAnswerWire,
        toSubstitutesByProduct,
      ),
    acceptSubstitute: (choice, options = {}) => {
      const body: AcceptSubstituteRequestWire = {
        product: choice.product,
        substitute: choice.substitute,
        ...(choice.pieces === undefined ? {} : { pieces: choice.pieces }),
      };
      return http.call(
        { method: 'post', path: 'netb2b/substitutes/accept/', json: body, signal: options.signal },
        acceptSubstituteAnswerWire,
        toAcceptedSubstitute,
      );
    },
    substitutePreference: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/substitutes/preference/', signal: options.signal },
        substitutePreferenceWire,
        toSubstitutePreference,
      ),
    setSubstitutePreference: (change, options = {}) =>
      http.call(
        {
          method: 'put',
          path: 'netb2b/substitutes/preference/',
          json: {
            ...(change.companyForbids === undefined ? {} : { company_forbids: change.companyForbids }),
            ...(change.userForbids === undefined ? {} : { user_forbids: change.userForbids }),
          },
          signal: options.signal,
        },
        substitutePreferenceWire,
        toSubstitutePreference,
      ),
  };
}
