import type { ChartGraph } from './chart-model';
import { transitionKey } from './flow-version';
import type { MachineName } from './machine-catalog';
import type { PathsReport } from './paths-report';
import type { RuleId } from './spec-rules';

/**
 * From each rule of the specification (spec-rules.ts) to the machine elements that hold it and the
 * tests that cover those elements: the model-based tests (docs/paths/<machine>.json), the browser
 * journeys (docs/flows/coverage/journeys.json, when present) and the tests that name the rule in a
 * `// covers: <rule id>` comment. `npm run flows:trace` writes the table (docs/flows/traceability.md).
 */

/**
 * A machine element: a state (its full id), a transition (its `transitionKey`; a targetless one
 * ends at the arrow: `cart.(any) --cart.itemAdded [isInCart]-->`), or every transition a named
 * guard decides (robust against how combined guards are written).
 */
export type RuleElement =
  | { machine: MachineName; state: string }
  | { machine: MachineName; transition: string }
  | { machine: MachineName; guard: string };

/** Where a rule lives when no machine holds it, or not only a machine: a file of the server or the client. */
export interface RuleElsewhere {
  by: 'server' | 'client';
  where: string;
}

export interface RuleTrace {
  elements: readonly RuleElement[];
  elsewhere?: RuleElsewhere;
}

const state = (machine: MachineName, id: string): RuleElement => ({ machine, state: id });
const move = (machine: MachineName, key: string): RuleElement => ({ machine, transition: key });
const guard = (machine: MachineName, name: string): RuleElement => ({ machine, guard: name });
const client = (where: string): RuleElsewhere => ({ by: 'client', where });
const server = (where: string): RuleElsewhere => ({ by: 'server', where });

/**
 * Each rule's elements, read from the machines and their guards (a guard named for the rule is the
 * best evidence). A rule no machine holds has no elements and says where it lives instead.
 */
export const ruleTraces: Record<RuleId, RuleTrace> = {
  '4.data.lazy-load': { elements: [move('resource', 'resource.new --resource.load--> resource.loading')] },
  '4.data.resource-states': {
    elements: [
      state('resource', 'resource.new'),
      state('resource', 'resource.loading'),
      state('resource', 'resource.resolved'),
      state('resource', 'resource.rejected'),
    ],
  },
  '4.data.reload-keeps-value': {
    elements: [
      state('resource', 'resource.reloading'),
      move('resource', 'resource.resolved --resource.reload--> resource.reloading'),
    ],
  },
  '4.data.notifications-signed-in': {
    elements: [
      move(
        'app',
        'app.cartArea.awaitingSignIn --session.changed [isSignedInNow]--> app.cartArea.loadingCartArea',
      ),
    ],
  },
  '4.data.clear-catalogue': {
    elements: [
      move('resource', 'resource.(any) --resource.clear--> resource.new'),
      move('app', 'app.(any) --catalogue.cleared-->'),
    ],
  },

  '4.session.states': {
    elements: [
      state('session', 'session.new'),
      state('session', 'session.inProgress'),
      state('session', 'session.resolved'),
      state('session', 'session.rejected'),
    ],
  },
  '4.session.login-start': {
    elements: [move('session', 'session.new --session.login--> session.inProgress')],
  },
  '4.session.login-success': {
    elements: [move('session', 'session.inProgress --xstate.done.actor.login--> session.resolved')],
  },
  '4.session.login-failure': {
    elements: [
      move('session', 'session.inProgress --xstate.error.actor.login--> session.rejected'),
      state('session', 'session.rejected'),
    ],
  },
  '4.session.banner-clears': {
    elements: [move('session', 'session.rejected --session.login--> session.inProgress')],
  },
  '4.session.no-credentials': {
    elements: [
      move(
        'session',
        'session.restoring.readingCredentials --xstate.done.actor.readStoredCredentials--> session.new',
      ),
      move('session', 'session.resolved --session.logout [withoutRevoke]--> session.new'),
      move('session', 'session.signingOut --xstate.done.actor.revokeSession--> session.new'),
    ],
  },
  '4.session.registration-failure': {
    elements: [
      move(
        'registration',
        'registration.submitting --xstate.error.actor.register [isRefusal]--> registration.filling',
      ),
      move(
        'registration',
        'registration.submitting --xstate.error.actor.register--> registration.filling.failed',
      ),
    ],
  },
  '4.session.notifications-after-login': { elements: [move('app', 'app.(any) --session.loggedIn-->')] },
  '4.session.logout-clears': {
    elements: [
      move('session', 'session.resolved --session.logout--> session.signingOut'),
      move('app', 'app.(any) --catalogue.cleared-->'),
    ],
  },
  '4.session.signed-in-from-tokens': { elements: [state('session', 'session.resolved')] },
  '4.session.token-refresh': {
    elements: [
      move(
        'session',
        'session.resolved.active --xstate.after.accessTokenExpiry.session.resolved.active--> session.resolved.refreshing',
      ),
      move(
        'session',
        'session.resolved.refreshing --xstate.done.actor.refreshTokens--> session.resolved.active',
      ),
    ],
  },

  '4.cart.add-duplicate': { elements: [move('cart', 'cart.(any) --cart.itemAdded [isInCart]-->')] },
  '4.cart.replace-item': { elements: [move('cart', 'cart.(any) --cart.itemReplaced [isInCart]-->')] },
  '4.cart.remove-missing': { elements: [move('cart', 'cart.(any) --cart.itemRemoved-->')] },
  '4.cart.fetch-replaces': {
    elements: [
      move('cart', 'cart.loading --xstate.done.actor.fetchCart--> cart.resolved'),
      move('cart', 'cart.reloading --xstate.done.actor.refetchCart--> cart.resolved'),
    ],
  },
  '4.cart.totals-recomputed': {
    elements: [move('cart-quote', 'cartQuote.(any) --quote.itemsChanged [hasItems]--> cartQuote.settling')],
    elsewhere: client('src/domain/cart-totals.ts'),
  },
  '4.cart.add-again-replaces': { elements: [move('cart', 'cart.(any) --cart.itemSaved [isInCart]-->')] },
  '4.cart.order-refetches': { elements: [move('cart', 'cart.(any) --cart.orderPlaced--> cart.reloading')] },

  '4.drawer.empty': {
    elements: [
      move('cart-quote', 'cartQuote.(any) --quote.itemsChanged--> cartQuote.empty'),
      state('cart-quote', 'cartQuote.empty'),
    ],
  },
  '4.drawer.order-form': {
    elements: [
      state('checkout', 'checkout.form.editing'),
      move('checkout', 'checkout.form --checkout.dateChanged-->'),
      move('checkout', 'checkout.form --checkout.preorderChanged-->'),
    ],
  },
  '4.drawer.date-required': { elements: [guard('checkout', 'dateIsWrong')] },
  '4.drawer.submit-ignored': { elements: [state('checkout', 'checkout.submitting')] },
  '4.drawer.confirmation': {
    elements: [
      state('checkout', 'checkout.confirming'),
      move('checkout', 'checkout.confirming --checkout.confirmed--> checkout.submitting'),
    ],
  },
  '4.drawer.success': {
    elements: [
      move('checkout', 'checkout.submitting --xstate.done.actor.placeOrder--> checkout.succeeded'),
      state('checkout', 'checkout.succeeded'),
    ],
  },
  '4.drawer.failure-logged': {
    elements: [
      move('checkout', 'checkout.submitting --xstate.error.actor.placeOrder--> checkout.submitFailed'),
    ],
  },

  '4.cart-item.debounce': {
    elements: [
      move(
        'cart-line',
        'cartLine.editable.save --line.quantityChanged--> cartLine.editable.save.pending.debouncing',
      ),
      guard('cart-line', 'differsFromServer'),
    ],
  },
  '4.cart-item.unit-replaces': {
    elements: [
      move(
        'cart-line',
        'cartLine.editable.save --line.unitChanged [isOtherUnit]--> cartLine.editable.save.pending.saving',
      ),
    ],
  },
  '4.cart-item.remove-confirm': {
    elements: [
      state('cart-line', 'cartLine.confirmingRemoval'),
      state('cart-line', 'cartLine.removing'),
      move('cart-line', 'cartLine.confirmingRemoval --line.removeConfirmed--> cartLine.removing'),
    ],
  },

  '4.product-dialog.added-toast': {
    elements: [
      state('add-to-cart', 'addToCart.adding'),
      move('add-to-cart', 'addToCart.adding --xstate.done.actor.saveToCart--> addToCart.inCart'),
    ],
  },
  '4.product-dialog.failure-toast': {
    elements: [
      move('add-to-cart', 'addToCart.adding --xstate.error.actor.saveToCart--> addToCart.offered.failed'),
    ],
  },
  '4.product-dialog.in-cart': {
    elements: [state('add-to-cart', 'addToCart.inCart'), guard('add-to-cart', 'productInCart')],
  },

  '4.quantity.minus': {
    elements: [
      move('product-dialog', 'productDialog.open.ready.quantity.valid --productDialog.quantityDecreased-->'),
      move('cart-line', 'cartLine.editable --line.decreased-->'),
    ],
    elsewhere: client('src/domain/quantity-control.ts'),
  },
  '4.quantity.plus': {
    elements: [
      move('product-dialog', 'productDialog.open.ready.quantity.valid --productDialog.quantityIncreased-->'),
      move('cart-line', 'cartLine.editable --line.increased-->'),
    ],
    elsewhere: client('src/domain/quantity-control.ts'),
  },
  '4.quantity.invalid-reset': {
    elements: [
      move(
        'product-dialog',
        'productDialog.open.ready.quantity.invalid --productDialog.quantityIncreased--> productDialog.open.ready.quantity.valid',
      ),
      move(
        'product-dialog',
        'productDialog.open.ready.quantity.invalid --productDialog.quantityDecreased--> productDialog.open.ready.quantity.valid',
      ),
    ],
  },
  '4.quantity.clamp': {
    elements: [guard('product-dialog', 'isOrderableUnit')],
    elsewhere: client('src/domain/quantity-control.ts'),
  },
  '4.quantity.zero-max-disables': {
    elements: [
      state('product-dialog', 'productDialog.open.ready.quantity.disabled'),
      guard('product-dialog', 'isUnitWithoutStock'),
    ],
  },
  '4.quantity.default-one': {
    elements: [
      move(
        'product-dialog',
        'productDialog.(any) --productDialog.opened--> productDialog.open.ready.quantity.valid',
      ),
    ],
  },

  '4.search.focus-opens': {
    elements: [
      move('search', 'search.closed --search.focused [isQueryBlank]--> search.open.empty'),
      move('search', 'search.closed --search.focused--> search.open.searching'),
    ],
  },
  '4.search.messages': {
    elements: [
      state('search', 'search.open.empty'),
      state('search', 'search.open.searching'),
      state('search', 'search.open.notFound'),
    ],
  },
  '4.search.leave-closes': { elements: [move('search', 'search.open --search.closed--> search.closed')] },
  '4.search.empty-query': { elements: [guard('search', 'isTypedQueryBlank')] },

  '4.other.sidebar': {
    elements: [
      move(
        'preferences',
        'preferences.sidebar.expanded --preferences.sidebarToggled--> preferences.sidebar.collapsed',
      ),
      move(
        'preferences',
        'preferences.sidebar.collapsed --preferences.sidebarToggled--> preferences.sidebar.expanded',
      ),
    ],
  },
  '4.other.theme': {
    elements: [
      state('preferences', 'preferences.theme.light'),
      move('preferences', 'preferences.theme.light --preferences.themeToggled--> preferences.theme.dark'),
    ],
  },
  '4.other.order-open-closed': { elements: [], elsewhere: client('src/machines/orders/orders.selectors.ts') },
  '4.other.language-same': { elements: [guard('language-change', 'isCurrentLanguage')] },
  '4.other.language-relogin': {
    elements: [
      move(
        'language-change',
        'languageChange.saving --xstate.done.actor.updateLanguage--> languageChange.renewingSession',
      ),
      move(
        'language-change',
        'languageChange.renewingSession --language.sessionRenewed--> languageChange.idle',
      ),
    ],
  },
  '4.other.password-reset-steps': {
    elements: [
      move(
        'password-reset',
        'passwordReset.email.submitting --xstate.done.actor.requestCode--> passwordReset.code',
      ),
      move(
        'password-reset',
        'passwordReset.code.submitting --xstate.done.actor.verifyCode--> passwordReset.password',
      ),
      state('password-reset', 'passwordReset.done'),
    ],
  },
  '4.other.product-stock': {
    elements: [
      guard('product-dialog', 'outOfStockByDefault'),
      state('product-dialog', 'productDialog.open.ready.quantity.disabled'),
    ],
  },
  '4.other.account-deletion': {
    elements: [
      state('delete-account', 'deleteAccount.confirming'),
      state('delete-account', 'deleteAccount.deleted'),
    ],
    elsewhere: server('server/accounts/delete-user.ts'),
  },
  '4.other.inactive-user': {
    elements: [
      move('session', 'session.inProgress --xstate.error.actor.login--> session.rejected'),
      move(
        'session',
        'session.resolved.refreshing --xstate.error.actor.refreshTokens [isUnauthorized]--> session.rejected',
      ),
    ],
  },

  '5.session.stored-usable': { elements: [guard('session', 'hasStoredCredentials')] },
  '5.login.no-client-check': {
    elements: [move('session', 'session.new --session.login--> session.inProgress')],
  },
  '5.login.min-lengths': {
    elements: [guard('registration', 'formValid')],
    elsewhere: client('src/domain/account-rules.ts'),
  },
  '5.new-password': {
    elements: [guard('change-password', 'formValid'), guard('password-reset', 'passwordValid')],
  },
  '5.registration.fields': {
    elements: [guard('registration', 'formValid')],
    elsewhere: client('src/domain/auth-forms.ts'),
  },
  '5.security-code': { elements: [guard('password-reset', 'codeValid')] },
  '5.delivery-date.required': { elements: [guard('checkout', 'dateIsWrong')] },
  '5.delivery-date.default': { elements: [], elsewhere: client('src/domain/dates.ts') },
  '5.delivery-date.minimum': {
    elements: [guard('checkout', 'dateIsWrong')],
    elsewhere: client('src/domain/dates.ts'),
  },
  '5.quantity.number': {
    elements: [
      state('product-dialog', 'productDialog.open.ready.quantity.invalid'),
      guard('product-dialog', 'isValidText'),
    ],
  },
  '5.quantity.max': { elements: [], elsewhere: client('src/domain/quantity-control.ts') },
  '5.cart.no-duplicate': { elements: [move('cart', 'cart.(any) --cart.itemAdded [isInCart]-->')] },
  '5.cart.remove-missing': { elements: [move('cart', 'cart.(any) --cart.itemRemoved-->')] },
  '5.units.conversion': {
    elements: [
      guard('product-dialog', 'unitsUnusable'),
      state('product-dialog', 'productDialog.open.unitsFailed'),
    ],
    elsewhere: client('src/domain/units.ts'),
  },
  '5.address.unknown': {
    elements: [
      move(
        'company-info',
        'companyInfo.ready.addresses.writing --xstate.error.actor.writeAddresses [isRefused]--> companyInfo.ready.addresses.reloading',
      ),
    ],
    elsewhere: server('server/routes/company-info.ts'),
  },
  '5.lists.min-entries': {
    elements: [guard('company-info', 'draftValid')],
    elsewhere: client('src/domain/form-validation.ts'),
  },
  '5.quick-order.row-errors': {
    elements: [state('quick-order', 'quickOrder.preview')],
    elsewhere: client('src/domain/quick-order.ts'),
  },
  '5.quick-order.invalid-values': {
    elements: [move('quick-order', 'quickOrder.validating --xstate.done.actor.lookUp--> quickOrder.preview')],
    elsewhere: client('src/domain/quick-order.ts'),
  },
  '5.quick-order.stock': {
    elements: [move('quick-order', 'quickOrder.validating --xstate.done.actor.lookUp--> quickOrder.preview')],
    elsewhere: server('server/orders/line-rules.ts'),
  },
  '5.quick-order.file-format': {
    elements: [
      move(
        'quick-order',
        'quickOrder.reading --quickOrder.read [isRefused]--> quickOrder.importArea.refused',
      ),
      move('quick-order', 'quickOrder.reading --quickOrder.readFailed--> quickOrder.importArea.refused'),
    ],
  },
  '5.price.display': { elements: [], elsewhere: client('src/domain/pricing.ts') },
  '5.cart.total': { elements: [], elsewhere: client('src/domain/cart-totals.ts') },
  '5.cart.discount-deposit-lines': { elements: [], elsewhere: client('src/domain/cart-totals.ts') },
  '5.calc.decimal': { elements: [], elsewhere: client('src/domain/decimal.ts') },
  '5.categories.sorted': { elements: [], elsewhere: client('src/domain/categories.ts') },

  '8.login.unauthorized': {
    elements: [move('session', 'session.inProgress --xstate.error.actor.login--> session.rejected')],
  },
  '8.login.other': { elements: [guard('session', 'isUnexpectedLoginError')] },
  '8.session.expired': {
    elements: [
      move(
        'session',
        'session.restoring.refreshing --xstate.error.actor.restoreRefresh [isUnauthorized]--> session.rejected',
      ),
    ],
  },
  '8.registration.error': {
    elements: [
      move(
        'registration',
        'registration.submitting --xstate.error.actor.register [isRefusal]--> registration.filling',
      ),
      state('registration', 'registration.filling.failed'),
    ],
  },
  '8.account.password-delete': {
    elements: [
      guard('change-password', 'hasFieldErrors'),
      guard('change-password', 'isUnexpected'),
      guard('delete-account', 'isRefusal'),
      guard('delete-account', 'isUnexpected'),
    ],
  },
  '8.api.no-tokens': { elements: [], elsewhere: client('src/services/api/errors.ts') },
  '8.fetch.reported': {
    elements: [
      move('resource', 'resource.loading --xstate.error.actor.load--> resource.rejected'),
      state('resource', 'resource.rejected'),
    ],
  },
  '8.orders.failure': {
    elements: [move('orders', 'orders.loading --xstate.error.actor.load--> orders.rejected')],
  },
  '8.search.failure': {
    elements: [move('search', 'search.open.searching --xstate.error.actor.search--> search.open.failed')],
  },
  '8.language.failure': {
    elements: [
      move(
        'language-change',
        'languageChange.saving --xstate.error.actor.updateLanguage--> languageChange.failed.update',
      ),
    ],
  },
  '8.checkout.failure': {
    elements: [
      move('checkout', 'checkout.submitting --xstate.error.actor.placeOrder--> checkout.submitFailed'),
    ],
  },
  '8.add-to-cart.failure': {
    elements: [
      move('add-to-cart', 'addToCart.adding --xstate.error.actor.saveToCart--> addToCart.offered.failed'),
    ],
  },
  '8.unknown': { elements: [], elsewhere: client('src/ui/components/error-state.tsx') },
  '8.invoice.failure': {
    elements: [
      move(
        'order-detail',
        'orderDetail.loaded.openingInvoice --xstate.error.actor.loadInvoice--> orderDetail.loaded.invoiceFailed',
      ),
    ],
  },
  '8.price.formatting': { elements: [], elsewhere: client('src/ui/hooks/use-price-formatter.ts') },
  '8.product-list.permission': {
    elements: [
      move(
        'product-csv-export',
        'productCsvExport.downloading --xstate.error.actor.saveFile--> productCsvExport.failed',
      ),
    ],
  },
  '8.quick-order.messages': {
    elements: [
      state('quick-order', 'quickOrder.addFailed'),
      state('quick-order', 'quickOrder.importArea.refused'),
    ],
  },
  '8.empty-lists': {
    elements: [state('search', 'search.open.notFound')],
    elsewhere: client('src/ui/components/empty-state.tsx'),
  },
  '8.router.errors': { elements: [], elsewhere: client('src/ui/screens/error/error-page.tsx') },
};

// ---------------------------------------------------------------------------------------------
// The chart's transitions as keys, and a path report's transition labels matched onto them
// ---------------------------------------------------------------------------------------------

/** A transition of a chart: drawn edges and the targetless ones listed inside their state. */
export interface ChartTransition {
  key: string;
  source: string;
  eventType: string;
  guard: string | undefined;
  targets: readonly string[];
}

/** Every transition of the chart with its key (`transitionKey`; targetless ones end at the arrow). */
export function chartTransitions(graph: ChartGraph): ChartTransition[] {
  const all: ChartTransition[] = graph.edges.map((edge) => ({
    key: transitionKey(edge),
    source: edge.source,
    eventType: edge.label.eventType,
    guard: edge.label.guard,
    targets: edge.targets,
  }));
  const internal = [
    ...graph.nodes.map((node) => ({ source: node.id, labels: node.internal })),
    ...(graph.anyState ? [{ source: graph.anyState.id, labels: graph.anyState.internal }] : []),
  ];
  for (const { source, labels } of internal)
    for (const label of labels)
      all.push({
        key: transitionKey({ source, targets: [], label }).trimEnd(),
        source,
        eventType: label.eventType,
        guard: label.guard,
        targets: [],
      });
  return all;
}

const LABEL = /^(\S+) --(\S*?)(?: \[(.*)\])?--> (.*)$/;

const sameTargets = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((target, index) => target === b[index]);

/**
 * The chart transition a path report's label (`checkout --checkout.reset--> checkout.form`,
 * `cart --cart.itemAdded [isInCart]--> (targetless)`) stands for. The report names the machine's
 * own transitions by the machine id and may write combined guards differently from the chart, so
 * the match is on source, event and targets, and on the guard only among several candidates.
 */
function matchLabel(
  label: string,
  graph: ChartGraph,
  transitions: readonly ChartTransition[],
  taken: ReadonlySet<string>,
): ChartTransition | undefined {
  const parts = LABEL.exec(label);
  if (!parts) return undefined;
  const [, rawSource = '', eventType = '', reportGuard, rawTargets = ''] = parts;
  const source = rawSource === graph.machineId && graph.anyState ? graph.anyState.id : rawSource;
  const targets = rawTargets === '(targetless)' ? [] : rawTargets.split(',');
  const candidates = transitions.filter(
    (t) =>
      t.source === source &&
      (t.eventType || 'always') === (eventType || 'always') &&
      sameTargets(t.targets, targets) &&
      Boolean(t.guard) === Boolean(reportGuard),
  );
  if (candidates.length <= 1) return candidates[0];
  return (
    candidates.find((t) => t.guard === reportGuard) ??
    candidates.find((t) => !taken.has(t.key)) ??
    candidates[0]
  );
}

/** What a machine's model-based test executes: state ids and transition keys of its chart. */
export interface ModelRun {
  testFile: string | undefined;
  states: readonly string[];
  transitions: readonly string[];
}

/** The states and transitions the executed paths of a path report serve, as ids and keys of `graph`. */
export function modelRunOf(report: PathsReport, graph: ChartGraph, testFile?: string): ModelRun {
  const transitions = chartTransitions(graph);
  const states = new Set<string>();
  const keys = new Set<string>();
  for (const path of report.paths) {
    if (!path.executed) continue;
    for (const served of path.serves) {
      if (served.kind !== 'transition') states.add(served.target);
      else {
        const match = matchLabel(served.target, graph, transitions, keys);
        if (match) keys.add(match.key);
      }
    }
    for (const step of path.steps) for (const id of step.stateIds) states.add(id);
  }
  return { testFile, states: [...states].sort(), transitions: [...keys].sort() };
}

// ---------------------------------------------------------------------------------------------
// Tests that name a rule
// ---------------------------------------------------------------------------------------------

/** A test that declares the rules it checks with `// covers: <rule id>, <rule id>` right above it. */
export interface TaggedTest {
  file: string;
  title: string;
  rules: readonly string[];
}

const COVERS = /^\s*\/\/\s*covers:\s*(.+)$/;
const TEST_CALL = /^\s*(?:test|it)(?:\.\w+)*\(\s*(['"`])(.*?)\1/;

/**
 * The tagged tests of one test file. The convention: one or more `// covers:` comment lines
 * directly above the `test(`/`it(` call, listing rule ids separated by commas or spaces.
 */
export function findRuleTags(source: string, file: string): TaggedTest[] {
  const found: TaggedTest[] = [];
  let pending: string[] = [];
  for (const line of source.split('\n')) {
    const covers = COVERS.exec(line);
    if (covers) {
      pending.push(...(covers[1] ?? '').split(/[\s,]+/).filter(Boolean));
      continue;
    }
    if (!pending.length) continue;
    const call = TEST_CALL.exec(line);
    if (call) found.push({ file, title: call[2] ?? '', rules: pending });
    else if (/^\s*\/\//.test(line)) continue;
    pending = [];
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

export type ElementKind = 'state' | 'transition' | 'guard';

export interface TracedElement {
  machine: string;
  kind: ElementKind;
  /** the state id, transition key or guard name as the mapping names it */
  ref: string;
  /** false when the current chart has no such state, transition or guard */
  found: boolean;
  /** the model-based test executes it (for a guard: one of its transitions) */
  modelCovered: boolean;
  /** how many browser journeys take it (for a state: a transition into it), when journeys were recorded */
  journeys?: number;
}

export type TraceTest =
  | { kind: 'model'; machine: string; file: string | undefined; covered: number; of: number }
  | { kind: 'journeys'; machine: string; covered: number; of: number }
  | { kind: 'tagged'; file: string; title: string };

export interface TraceRow {
  id: string;
  point: string;
  section: string;
  elements: TracedElement[];
  elsewhere?: RuleElsewhere;
  tests: TraceTest[];
  noElement: boolean;
  noTest: boolean;
}

/** Per machine name: transition key -> number of journeys that took it. */
export type JourneyCounts = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface TraceInputs {
  rules: readonly { id: string; point: string; section: string }[];
  traces: Readonly<Partial<Record<string, RuleTrace>>>;
  chartOf: (machine: string) => ChartGraph | undefined;
  modelRuns: Readonly<Partial<Record<string, ModelRun>>>;
  journeys?: JourneyCounts | undefined;
  tagged: readonly TaggedTest[];
}

const guardNamePattern = (name: string) => new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}($|[^\\w$])`);

/** The transitions an element stands for in the chart (none for a state). */
function elementTransitions(
  element: RuleElement,
  transitions: readonly ChartTransition[],
): ChartTransition[] {
  if ('transition' in element) return transitions.filter((t) => t.key === element.transition.trimEnd());
  if ('guard' in element) {
    const pattern = guardNamePattern(element.guard);
    return transitions.filter((t) => t.guard !== undefined && pattern.test(t.guard));
  }
  return [];
}

const targetOf = (key: string) => key.slice(key.lastIndexOf('-->') + 3).trim();

function traceElement(
  element: RuleElement,
  graph: ChartGraph | undefined,
  run: ModelRun | undefined,
  journeys: Readonly<Record<string, number>> | undefined,
  hasJourneys: boolean,
): TracedElement {
  const kind: ElementKind = 'state' in element ? 'state' : 'transition' in element ? 'transition' : 'guard';
  const ref =
    'state' in element
      ? element.state
      : 'transition' in element
        ? element.transition.trimEnd()
        : element.guard;
  const base = { machine: element.machine, kind, ref };
  if (!graph) return { ...base, found: false, modelCovered: false };
  const transitions = chartTransitions(graph);
  const taken = new Set(run?.transitions ?? []);
  const counts = Object.entries(journeys ?? {}).map(([key, count]) => [key.trimEnd(), count] as const);
  const journeyCount = (keys: readonly string[]) =>
    counts.filter(([key]) => keys.includes(key)).reduce((sum, [, count]) => sum + count, 0);
  if ('state' in element) {
    const found = graph.nodes.some((node) => node.id === element.state);
    const into = (target: string) => target === element.state || target.startsWith(`${element.state}.`);
    const journeysInto = counts
      .filter(([key]) => targetOf(key).split(',').some(into))
      .reduce((sum, [, count]) => sum + count, 0);
    return {
      ...base,
      found,
      modelCovered: found && (run?.states.some(into) ?? false),
      ...(hasJourneys ? { journeys: journeysInto } : {}),
    };
  }
  const matched = elementTransitions(element, transitions);
  const keys = matched.map((t) => t.key);
  return {
    ...base,
    found: matched.length > 0,
    modelCovered: keys.some((key) => taken.has(key)),
    ...(hasJourneys ? { journeys: journeyCount(keys) } : {}),
  };
}

/**
 * The traceability table: for each rule its elements (found in the current charts or not) and the
 * tests that cover them. Rules with no element or no test come first, each group in spec order.
 */
export function buildTraceTable(inputs: TraceInputs): TraceRow[] {
  const hasJourneys = inputs.journeys !== undefined;
  const rows = inputs.rules.map((rule): TraceRow => {
    const trace = inputs.traces[rule.id];
    const elements = (trace?.elements ?? []).map((element) =>
      traceElement(
        element,
        inputs.chartOf(element.machine),
        inputs.modelRuns[element.machine],
        inputs.journeys?.[element.machine],
        hasJourneys,
      ),
    );
    const machines = [...new Set(elements.map((element) => element.machine))];
    const tests: TraceTest[] = [];
    for (const machine of machines) {
      const own = elements.filter((element) => element.machine === machine);
      const covered = own.filter((element) => element.modelCovered).length;
      if (covered > 0)
        tests.push({
          kind: 'model',
          machine,
          file: inputs.modelRuns[machine]?.testFile,
          covered,
          of: own.length,
        });
    }
    for (const machine of machines) {
      const own = elements.filter((element) => element.machine === machine);
      const covered = own.filter((element) => (element.journeys ?? 0) > 0).length;
      if (covered > 0) tests.push({ kind: 'journeys', machine, covered, of: own.length });
    }
    for (const test of inputs.tagged)
      if (test.rules.includes(rule.id)) tests.push({ kind: 'tagged', file: test.file, title: test.title });
    return {
      id: rule.id,
      point: rule.point,
      section: rule.section,
      elements,
      ...(trace?.elsewhere ? { elsewhere: trace.elsewhere } : {}),
      tests,
      noElement: !elements.some((element) => element.found),
      noTest: tests.length === 0,
    };
  });
  const gap = (row: TraceRow) => row.noElement || row.noTest;
  return [...rows.filter(gap), ...rows.filter((row) => !gap(row))];
}

/** The table as docs/flows/traceability.json holds it, for the studio's page. */
export interface TraceReport {
  rows: TraceRow[];
  /** whether docs/flows/coverage/journeys.json was there when the table was written */
  journeys: boolean;
}
