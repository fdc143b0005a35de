/**
 * Writes docs/machines/<name>.md: a Mermaid stateDiagram of each machine, generated
 * from the machine itself so the diagrams product owners review cannot drift from
 * the code (tests/machines/diagrams.test.ts fails when they do).
 * Run: npx tsx scripts/machines-to-mermaid.ts
 * Converter from guides/model-based-testing.md §3c.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { accountMachine } from '../src/machines/account.machine';
import { addToCartMachine } from '../src/machines/add-to-cart.machine';
import { addToListMachine } from '../src/machines/add-to-list.machine';
import { addressEditorMachine } from '../src/machines/address-editor.machine';
import { announcementReadsMachine } from '../src/machines/announcement-reads.machine';
import { appMachine } from '../src/machines/app.machine';
import { cartMachine } from '../src/machines/cart.machine';
import { cartLineMachine } from '../src/machines/cart-line.machine';
import { cartQuoteMachine } from '../src/machines/cart-quote.machine';
import { campaignDetailMachine } from '../src/machines/catalogue-campaign.machine';
import { changePasswordMachine } from '../src/machines/change-password.machine';
import { checkoutMachine } from '../src/machines/checkout.machine';
import { companyInfoMachine } from '../src/machines/company-info.machine';
import { deleteAccountMachine } from '../src/machines/delete-account.machine';
import { documentFileMachine } from '../src/machines/document-file.machine';
import { favouriteListMachine } from '../src/machines/favourite-list.machine';
import { favouriteListCreateMachine } from '../src/machines/favourite-list-create.machine';
import { favouriteListToCartMachine } from '../src/machines/favourite-list-to-cart.machine';
import { favouriteListsMachine } from '../src/machines/favourite-lists.machine';
import { languageChangeMachine } from '../src/machines/language-change.machine';
import { notificationReadsMachine } from '../src/machines/notification-reads.machine';
import { notificationsMachine } from '../src/machines/notifications.machine';
import { orderDetailMachine } from '../src/machines/order-detail.machine';
import { ordersResource } from '../src/machines/orders.machine';
import { passwordResetMachine } from '../src/machines/password-reset.machine';
import { preferencesMachine } from '../src/machines/preferences.machine';
import { productCsvExportMachine } from '../src/machines/product-csv-export.machine';
import { productDialogMachine } from '../src/machines/product-dialog.machine';
import { productListMachine } from '../src/machines/product-list.machine';
import { quickOrderMachine } from '../src/machines/quick-order.machine';
import { quickOrderFilesMachine } from '../src/machines/quick-order-files.machine';
import { registrationMachine } from '../src/machines/registration.machine';
import { reorderMachine } from '../src/machines/reorder.machine';
import { createResourceMachine } from '../src/machines/resource.machine';
import { searchMachine } from '../src/machines/search.machine';
import { sessionMachine } from '../src/machines/session.machine';
import { userEditorMachine } from '../src/machines/user-editor.machine';
import { usersMachine } from '../src/machines/users.machine';

const mid = (n: AnyStateNode) => n.id.replace(/\W/g, '_'); // Mermaid ids are global: use the full id
const clean = (s: string) => s.replace(/[:;#"]/g, ' ').trim();
const name = (n: AnyStateNode) =>
  clean(n.key) + (n.type === 'parallel' ? ' (parallel)' : n.type === 'history' ? ' (H)' : '');
const label = (t: AnyTransitionDefinition) =>
  clean(eventLabel(t) + (guardLabel(t.guard) ? ` [${guardLabel(t.guard)}]` : ''));

export function guardLabel(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  return (g as { type: string }).type;
}

export function eventLabel(t: AnyTransitionDefinition): string {
  const e = t.eventType;
  if (!e) return 'always';
  if (e.startsWith('xstate.after.')) {
    const d = e.split('.')[2] ?? '';
    return /^\d+$/.test(d) ? `after ${d}ms` : `after ${d}`;
  }
  if (e.startsWith('xstate.done.actor.')) return `done ${e.slice(18)}`;
  if (e.startsWith('xstate.error.actor.')) return `error ${e.slice(19)}`;
  if (e.startsWith('xstate.done.state.')) return 'onDone';
  return e;
}

export function toMermaid(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  // Mermaid places a state in the block where it is first named, so an edge that leaves
  // its block (restoring.refreshing --> rejected) is written at the top, after every state.
  const crossing: string[] = [];
  const walk = (node: AnyStateNode, pad: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initial = node.initial?.target[0];
    if (node.type === 'compound' && initial) out.push(`${pad}[*] --> ${mid(initial)}`);
    children.forEach((c, i) => {
      if (node.type === 'parallel' && i > 0) out.push(`${pad}--`); // region separator
      if (Object.keys(c.states).length) {
        out.push(`${pad}state "${name(c)}" as ${mid(c)} {`);
        walk(c, `${pad}  `);
        out.push(`${pad}}`);
      } else out.push(`${pad}state "${name(c)}" as ${mid(c)}`);
      const invokes = c.invoke.map((inv) => {
        const src = typeof inv.src === 'string' ? inv.src : inv.id;
        return inv.id === src ? src : `${inv.id} (${src})`;
      });
      if (invokes.length) out.push(`${pad}${mid(c)} : invoke ${clean(invokes.join(', '))}`);
      if (c.type === 'final') out.push(`${pad}${mid(c)} --> [*]`);
    });
    for (const c of children)
      for (const t of [...c.transitions.values()].flat().concat(c.always ?? []))
        for (const target of t.target ?? [c]) {
          const edge = `${mid(c)} --> ${mid(target)} : ${label(t)}`;
          if (target.parent === c.parent) out.push(`${pad}${edge}`);
          else crossing.push(`  ${edge}`);
        }
  };
  walk(machine.root, '  ');
  out.push(...crossing);
  const rootTs = [...machine.root.transitions.values()].flat();
  const first = Object.values(machine.root.states)[0] as AnyStateNode | undefined;
  if (rootTs.length && first)
    out.push(
      `  note left of ${mid(first)}`,
      '    from any state',
      ...rootTs.map((t) => `    ${label(t)} to ${(t.target ?? []).map((n) => n.key).join(', ') || 'self'}`),
      '  end note',
    );
  return out.join('\n');
}

/** What the machine invokes at its root (the app's children), which the diagram's states do not show. */
function rootInvokes(machine: AnyStateMachine): string[] {
  return machine.root.invoke.map(
    (inv) => `\`${inv.id}\`${inv.systemId ? ` (systemId \`${inv.systemId}\`)` : ''}`,
  );
}

export const documentedMachines: Record<string, { machine: AnyStateMachine; summary: string }> = {
  resource: {
    machine: createResourceMachine('resource'),
    summary:
      'A lazily loaded value (`createResourceMachine(name)`, its loader bound by `bindResource`): configuration, languages, later the catalogue lists.',
  },
  session: {
    machine: sessionMachine,
    summary: 'Sign-in, restore at start, access-token refresh and sign-out (spec point 4, Session).',
  },
  preferences: {
    machine: preferencesMachine,
    summary: 'Theme and sidebar, remembered in localStorage (`portal.theme`, `portal.sidebar`).',
  },
  search: {
    machine: searchMachine,
    summary:
      'The header search box (spec point 4, Search box): 250 ms debounce, cancellable search, panel messages.',
  },
  'quick-order': {
    machine: quickOrderMachine,
    summary:
      'Quick order (issue 5): a spreadsheet, pasted lines or typed rows are read in a worker, validated with one lookup, previewed, and added in one bulk call.',
  },
  'quick-order-files': {
    machine: quickOrderFilesMachine,
    summary: 'Writes the quick-order template and the uploaded sheet with a status column, in the worker.',
  },
  'product-list': {
    machine: productListMachine,
    summary:
      'The /products/ list: filters, pages loaded on demand for a virtualised list of up to 50,000 rows, retry.',
  },
  'product-csv-export': {
    machine: productCsvExportMachine,
    summary:
      'Saves the product list of a catalog page as a CSV file (spec point 2): asks the list for every page, waits for every row, builds the file, hands it to the browser; a failed page or a refused file offers Try again.',
  },
  'product-dialog': {
    machine: productDialogMachine,
    summary:
      'The product detail dialog without its cart part: quantity control rules, unit selection, enlarged image.',
  },
  'catalogue-campaign': {
    machine: campaignDetailMachine,
    summary:
      'Campaign detail (/campaigns/{id}): passed along from the carousel, or loaded by id; not found; retry.',
  },
  notifications: {
    machine: notificationsMachine,
    summary:
      "The signed-in user's notifications: the generic lazy resource, spawned by the app only while someone is signed in, loaded after a login.",
  },
  'notification-reads': {
    machine: notificationReadsMachine,
    summary:
      'Marking notifications read: optimistic (the list, systemId notifications, is patched at once), one call at a time, undone when the call fails. One chart (`createMarkReadMachine`) shared with the announcements.',
  },
  'announcement-reads': {
    machine: announcementReadsMachine,
    summary:
      'Marking announcements read on the home screen (issue 12): the same chart as the notifications, patching the announcements resource.',
  },
  'favourite-lists': {
    machine: favouriteListsMachine,
    summary:
      "The signed-in user's favourite lists and the company's shared ones (issue 12, spawned with the cart area): loaded lazily, patched when a list changes elsewhere, cleared on sign-out; the menus and the on-a-list marks read it.",
  },
  'add-to-list': {
    machine: addToListMachine,
    summary:
      "One open add-to-list menu: puts the product on one of the user's own lists with its preferred quantity and unit, or takes it off; refusals (limits, not the owner) in words, other failures with retry.",
  },
  'favourite-list-create': {
    machine: favouriteListCreateMachine,
    summary:
      "A new favourite list (the index form, the menu's New list, the quick order's Save as list): name checked as typed, shared or private, optionally with its first lines; a taken name or a limit in words.",
  },
  'favourite-list': {
    machine: favouriteListMachine,
    summary:
      "One favourite list (/favourites/{id}/): lines with quantity (250 ms debounce) and unit saved one write at a time, removal with undo, selection, rename, share, delete with confirmation; not found; read-only for a colleague's shared list.",
  },
  'favourite-list-to-cart': {
    machine: favouriteListToCartMachine,
    summary:
      "Adds a favourite list (or its selected lines) to the cart with one bulk call: what is out of stock or no longer sold is listed, products in the cart get the list's quantity and unit.",
  },
  'document-file': {
    machine: documentFileMachine,
    summary:
      'Opens or downloads one document (issue 12): fetched with the bearer token, handed to the view as an object URL; failure with retry.',
  },
  cart: {
    machine: cartMachine,
    summary:
      'The cart (spec point 4, Cart): lazy items keyed by product id, session-level add/replace/remove with their errors, one spawned line per item, refetch after an order.',
  },
  'cart-line': {
    machine: cartLineMachine,
    summary:
      'One cart line: quantity debounced 250 ms into one PUT, a change during a PUT queued behind it, unit change, removal with confirmation, failure with retry.',
  },
  'cart-quote': {
    machine: cartQuoteMachine,
    summary:
      "The drawer's quote: after the cart's lines settle (300 ms), the server's split per warehouse with fees and the amount that avoids them; failure with retry.",
  },
  checkout: {
    machine: checkoutMachine,
    summary:
      'Order placement: delivery date (today + 7 days), pre-order, note, split preview per warehouse, confirmation, one Idempotency-Key per attempt, retry.',
  },
  'add-to-cart': {
    machine: addToCartMachine,
    summary: 'The product dialog cart part: add with a spinner and toasts, "in cart" following the cart.',
  },
  orders: {
    machine: ordersResource,
    summary:
      "The company's orders (a resource): loaded lazily, reloaded after an order, cleared on sign-out.",
  },
  'order-detail': {
    machine: orderDetailMachine,
    summary: 'One order by id (404 is not found) or passed along, and its invoice.',
  },
  reorder: {
    machine: reorderMachine,
    summary: 'Reorder: adds what is still available with one bulk add and lists what is not.',
  },
  'company-info': {
    machine: companyInfoMachine,
    summary:
      "The company's information and addresses (settings): loaded once for both sections, the main user's edits saved as one PUT of the whole info, a stale copy (409) reloaded with the typed draft kept, failure with retry.",
  },
  'address-editor': {
    machine: addressEditorMachine,
    summary:
      'One address dialog: create or edit with validation, delete with confirmation; the change is handed to companyInfo (by systemId), which saves it and answers saved or refused.',
  },
  users: {
    machine: usersMachine,
    summary: "The company's users (main user only): loaded when the section opens, failure with retry.",
  },
  'user-editor': {
    machine: userEditorMachine,
    summary:
      'A new user or one user of the company: validation, a taken username kept as a field message, save, deactivate and reactivate, delete with confirmation; the main user cannot deactivate or delete themselves.',
  },
  account: {
    machine: accountMachine,
    summary:
      "The signed-in user's own name, e-mail and phones: load, edit, save, failure with retry keeping the draft.",
  },
  'language-change': {
    machine: languageChangeMachine,
    summary:
      'Spec point 4, language change: the current language does nothing; otherwise update the account, sign in again for the new claim (session.renew), then switch the interface; a failure is reported and shown, the interface stays.',
  },
  registration: {
    machine: registrationMachine,
    summary:
      'Registration (spec points 2, 4, 5): corporate or individual, a message per field as the customer types, the server\'s refusal shown with "Registration failed.", the session resolved to no credentials on start and success.',
  },
  'password-reset': {
    machine: passwordResetMachine,
    summary:
      'Spec point 4, password reset: e-mail (a neutral answer whether known or not), the 6-digit code (wrong, expired or used up: a new code), the new password twice, done; one machine for the three /auth routes.',
  },
  'change-password': {
    machine: changePasswordMachine,
    summary:
      'The signed-in password change: current, new and repeat; a 400 returns to the form with its field messages, any other failure says so (spec point 8); other sessions end, this one continues.',
  },
  'delete-account': {
    machine: deleteAccountMachine,
    summary:
      'Account deletion (spec point 4): irreversible, orders remain; the typed username confirms; then the session ends (session.logout through the ports).',
  },
  app: {
    machine: appMachine,
    summary: 'The root actor: owns the session, the preferences and the resources.',
  },
};

export function machineDoc(key: string): string {
  const entry = documentedMachines[key];
  if (!entry) throw new Error(`unknown machine ${key}`);
  const invokes = rootInvokes(entry.machine);
  return [
    `# ${key} machine`,
    '',
    `${entry.summary} Generated by \`scripts/machines-to-mermaid.ts\` from \`src/machines/${key}.machine.ts\`; do not edit.`,
    ...(invokes.length ? ['', `Invoked for its whole life: ${invokes.join(', ')}.`] : []),
    '',
    '```mermaid',
    toMermaid(entry.machine),
    '```',
    '',
  ].join('\n');
}

export const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(docsDir, { recursive: true });
  for (const key of Object.keys(documentedMachines)) {
    const file = join(docsDir, `${key}.md`);
    writeFileSync(file, machineDoc(key));
    console.log(`wrote ${file}`);
  }
}
