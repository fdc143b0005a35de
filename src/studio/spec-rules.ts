/**
 * The product specification (SPEC.md) as the studio points into it: its points and headings, the
 * features the portal has beyond it, and the rules of points 4 (states and transitions), 5
 * (validation) and 8 (errors) one by one, so each can be traced to the machines and tests that
 * hold it (traceability.ts). A rule's title is the studio text `rules.<id>`; headings are
 * `spec.sections.<key>` and features `spec.beyond.<feature>`, all translated.
 */

/** SPEC.md's points with their English headings (its `###` headings, or the point's own title). */
export const specPoints = {
  '2': {
    Routes: 'routes',
    Login: 'login',
    Home: 'home',
    'Header and shell': 'headerAndShell',
    'Drawers and dialogs': 'drawersAndDialogs',
    'Other screens named by the texts': 'otherScreens',
  },
  '4': {
    'Data loading': 'dataLoading',
    Session: 'session',
    Cart: 'cart',
    'Cart drawer': 'cartDrawer',
    'Cart item': 'cartItem',
    'Product dialog': 'productDialog',
    'Quantity control': 'quantityControl',
    'Search box': 'searchBox',
    'Other states': 'otherStates',
  },
  '5': { 'Validation rules': 'validationRules' },
  '6': { 'Roles and permissions': 'rolesAndPermissions' },
  '7': { 'The calls it makes': 'callsItMakes' },
  '8': { 'The error catalogue': 'errorCatalogue' },
  '9': { 'Business constants and limits': 'constantsAndLimits' },
} as const;

type SpecPoints = typeof specPoints;
export type SpecPointNumber = keyof SpecPoints;

/** A place in SPEC.md: a point and one of its headings, as SPEC.md spells it in English. */
export type SpecPointRef = {
  [P in SpecPointNumber]: { point: P; section: keyof SpecPoints[P] };
}[SpecPointNumber];

/** The studio text key of a heading (`spec.sections.<key>`). */
export type SpecSectionKey = { [P in SpecPointNumber]: SpecPoints[P][keyof SpecPoints[P]] }[SpecPointNumber];

export function specSectionKey(ref: SpecPointRef): SpecSectionKey {
  return (specPoints[ref.point] as Record<string, SpecSectionKey>)[ref.section] as SpecSectionKey;
}

/** Features the portal has that the specification does not describe (text `spec.beyond.<feature>`). */
export const beyondFeatures = [
  'tabSync',
  'orderFromAnyList',
  'deliveryDays',
  'orderAmendment',
  'erpOrders',
  'favourites',
  'documents',
  'announcements',
  'statechartStudio',
  'staffConsole',
  'substitutes',
  'standingOrders',
  'barcodeScan',
  'offline',
] as const;
export type BeyondFeature = (typeof beyondFeatures)[number];

/** Where a flow is asked for: a place in the spec, or a feature beyond it. */
export type SpecRef = SpecPointRef | { beyond: BeyondFeature };

export const isBeyond = (ref: SpecRef): ref is { beyond: BeyondFeature } => 'beyond' in ref;

/** The points whose rules are traced one by one. */
export type RulePoint = '4' | '5' | '8';

export type RuleRef = Extract<SpecPointRef, { point: RulePoint }>;

const rule = <const Id extends string, const R extends RuleRef>(id: Id, ref: R) => ({ id, ...ref });

/**
 * Every behaviour points 4, 5 and 8 state, in SPEC.md's order. The id is stable (tests and the
 * traceability table name it): `<point>.<area>.<rule>`. Point 4's rules carry their heading;
 * points 5 and 8 have none below the point.
 */
export const specRules = [
  rule('4.data.lazy-load', { point: '4', section: 'Data loading' }),
  rule('4.data.resource-states', { point: '4', section: 'Data loading' }),
  rule('4.data.reload-keeps-value', { point: '4', section: 'Data loading' }),
  rule('4.data.notifications-signed-in', { point: '4', section: 'Data loading' }),
  rule('4.data.clear-catalogue', { point: '4', section: 'Data loading' }),

  rule('4.session.states', { point: '4', section: 'Session' }),
  rule('4.session.login-start', { point: '4', section: 'Session' }),
  rule('4.session.login-success', { point: '4', section: 'Session' }),
  rule('4.session.login-failure', { point: '4', section: 'Session' }),
  rule('4.session.banner-clears', { point: '4', section: 'Session' }),
  rule('4.session.no-credentials', { point: '4', section: 'Session' }),
  rule('4.session.registration-failure', { point: '4', section: 'Session' }),
  rule('4.session.notifications-after-login', { point: '4', section: 'Session' }),
  rule('4.session.logout-clears', { point: '4', section: 'Session' }),
  rule('4.session.signed-in-from-tokens', { point: '4', section: 'Session' }),
  rule('4.session.token-refresh', { point: '4', section: 'Session' }),

  rule('4.cart.add-duplicate', { point: '4', section: 'Cart' }),
  rule('4.cart.replace-item', { point: '4', section: 'Cart' }),
  rule('4.cart.remove-missing', { point: '4', section: 'Cart' }),
  rule('4.cart.fetch-replaces', { point: '4', section: 'Cart' }),
  rule('4.cart.totals-recomputed', { point: '4', section: 'Cart' }),
  rule('4.cart.add-again-replaces', { point: '4', section: 'Cart' }),
  rule('4.cart.order-refetches', { point: '4', section: 'Cart' }),

  rule('4.drawer.empty', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.order-form', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.date-required', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.submit-ignored', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.confirmation', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.success', { point: '4', section: 'Cart drawer' }),
  rule('4.drawer.failure-logged', { point: '4', section: 'Cart drawer' }),

  rule('4.cart-item.debounce', { point: '4', section: 'Cart item' }),
  rule('4.cart-item.unit-replaces', { point: '4', section: 'Cart item' }),
  rule('4.cart-item.remove-confirm', { point: '4', section: 'Cart item' }),

  rule('4.product-dialog.added-toast', { point: '4', section: 'Product dialog' }),
  rule('4.product-dialog.failure-toast', { point: '4', section: 'Product dialog' }),
  rule('4.product-dialog.in-cart', { point: '4', section: 'Product dialog' }),

  rule('4.quantity.minus', { point: '4', section: 'Quantity control' }),
  rule('4.quantity.plus', { point: '4', section: 'Quantity control' }),
  rule('4.quantity.invalid-reset', { point: '4', section: 'Quantity control' }),
  rule('4.quantity.clamp', { point: '4', section: 'Quantity control' }),
  rule('4.quantity.zero-max-disables', { point: '4', section: 'Quantity control' }),
  rule('4.quantity.default-one', { point: '4', section: 'Quantity control' }),

  rule('4.search.focus-opens', { point: '4', section: 'Search box' }),
  rule('4.search.messages', { point: '4', section: 'Search box' }),
  rule('4.search.leave-closes', { point: '4', section: 'Search box' }),
  rule('4.search.empty-query', { point: '4', section: 'Search box' }),

  rule('4.other.sidebar', { point: '4', section: 'Other states' }),
  rule('4.other.theme', { point: '4', section: 'Other states' }),
  rule('4.other.order-open-closed', { point: '4', section: 'Other states' }),
  rule('4.other.language-same', { point: '4', section: 'Other states' }),
  rule('4.other.language-relogin', { point: '4', section: 'Other states' }),
  rule('4.other.password-reset-steps', { point: '4', section: 'Other states' }),
  rule('4.other.product-stock', { point: '4', section: 'Other states' }),
  rule('4.other.account-deletion', { point: '4', section: 'Other states' }),
  rule('4.other.inactive-user', { point: '4', section: 'Other states' }),

  rule('5.session.stored-usable', { point: '5', section: 'Validation rules' }),
  rule('5.login.no-client-check', { point: '5', section: 'Validation rules' }),
  rule('5.login.min-lengths', { point: '5', section: 'Validation rules' }),
  rule('5.new-password', { point: '5', section: 'Validation rules' }),
  rule('5.registration.fields', { point: '5', section: 'Validation rules' }),
  rule('5.security-code', { point: '5', section: 'Validation rules' }),
  rule('5.delivery-date.required', { point: '5', section: 'Validation rules' }),
  rule('5.delivery-date.default', { point: '5', section: 'Validation rules' }),
  rule('5.delivery-date.minimum', { point: '5', section: 'Validation rules' }),
  rule('5.quantity.number', { point: '5', section: 'Validation rules' }),
  rule('5.quantity.max', { point: '5', section: 'Validation rules' }),
  rule('5.cart.no-duplicate', { point: '5', section: 'Validation rules' }),
  rule('5.cart.remove-missing', { point: '5', section: 'Validation rules' }),
  rule('5.units.conversion', { point: '5', section: 'Validation rules' }),
  rule('5.address.unknown', { point: '5', section: 'Validation rules' }),
  rule('5.lists.min-entries', { point: '5', section: 'Validation rules' }),
  rule('5.quick-order.row-errors', { point: '5', section: 'Validation rules' }),
  rule('5.quick-order.invalid-values', { point: '5', section: 'Validation rules' }),
  rule('5.quick-order.stock', { point: '5', section: 'Validation rules' }),
  rule('5.quick-order.file-format', { point: '5', section: 'Validation rules' }),
  rule('5.price.display', { point: '5', section: 'Validation rules' }),
  rule('5.cart.total', { point: '5', section: 'Validation rules' }),
  rule('5.cart.discount-deposit-lines', { point: '5', section: 'Validation rules' }),
  rule('5.calc.decimal', { point: '5', section: 'Validation rules' }),
  rule('5.categories.sorted', { point: '5', section: 'Validation rules' }),

  rule('8.login.unauthorized', { point: '8', section: 'The error catalogue' }),
  rule('8.login.other', { point: '8', section: 'The error catalogue' }),
  rule('8.session.expired', { point: '8', section: 'The error catalogue' }),
  rule('8.registration.error', { point: '8', section: 'The error catalogue' }),
  rule('8.account.password-delete', { point: '8', section: 'The error catalogue' }),
  rule('8.api.no-tokens', { point: '8', section: 'The error catalogue' }),
  rule('8.fetch.reported', { point: '8', section: 'The error catalogue' }),
  rule('8.orders.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.search.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.language.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.checkout.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.add-to-cart.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.unknown', { point: '8', section: 'The error catalogue' }),
  rule('8.invoice.failure', { point: '8', section: 'The error catalogue' }),
  rule('8.price.formatting', { point: '8', section: 'The error catalogue' }),
  rule('8.product-list.permission', { point: '8', section: 'The error catalogue' }),
  rule('8.quick-order.messages', { point: '8', section: 'The error catalogue' }),
  rule('8.empty-lists', { point: '8', section: 'The error catalogue' }),
  rule('8.router.errors', { point: '8', section: 'The error catalogue' }),
] as const;

export type SpecRule = (typeof specRules)[number];
export type RuleId = SpecRule['id'];
