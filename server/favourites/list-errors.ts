import { FAVOURITE_LINES_PER_LIST_MAX, FAVOURITE_LISTS_PER_USER_MAX } from '../../src/domain/favourite-rules';
import { ApiError } from '../http/api-error';

/** The refusals of the favourite lists (docs/api.md "Favourite lists"), in clear English. */

const count = (n: number) => n.toLocaleString('en');

export const listLimitError = () => {
  const detail = `You already have ${count(FAVOURITE_LISTS_PER_USER_MAX)} lists. Delete one to create another.`;
  return new ApiError(400, { detail, code: 'list_limit', errors: { non_field_errors: [detail] } });
};

export const lineLimitError = (field = 'non_field_errors') => {
  const detail = `A list holds at most ${count(FAVOURITE_LINES_PER_LIST_MAX)} products. Remove one to add another.`;
  return new ApiError(400, { detail, code: 'line_limit', errors: { [field]: [detail] } });
};

export const nameTakenError = (name: string) => {
  const detail = `You already have a list named "${name.trim()}". Choose another name.`;
  return new ApiError(400, { detail, code: 'name_taken', errors: { name: [detail] } });
};

export const notOwnerError = () =>
  new ApiError(403, {
    detail: 'Only the owner of this list can change it. Copy its products to a list of your own instead.',
    code: 'not_owner',
  });

export const noSuchList = () =>
  new ApiError(404, { detail: 'No favourite list has this id.', code: 'not_found' });

export const unknownProductError = () =>
  new ApiError(404, { detail: 'No product has this id.', code: 'unknown_product' });

export const notOnListError = () =>
  new ApiError(404, { detail: 'This product is not on the list.', code: 'not_on_list' });
